// Writes the scraper definitions' JSON Schema for editors: npm run -w server schema:definitions
import { writeFile } from 'node:fs/promises';
import {
  DEFINITION_JSON_SCHEMA_PATH,
  definitionJsonSchemaText,
} from '../src/scrapers/definitions/definition-json-schema';

await writeFile(DEFINITION_JSON_SCHEMA_PATH, await definitionJsonSchemaText());
process.stdout.write(`wrote ${DEFINITION_JSON_SCHEMA_PATH}\n`);
