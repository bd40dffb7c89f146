import { fileURLToPath } from 'node:url';
import { format } from 'prettier';
import { z } from 'zod';
import { ScraperDefinition } from './definition.schema';

/** Where the committed JSON Schema for editors lives (beside the zod schema it is made from). */
export const DEFINITION_JSON_SCHEMA_PATH = fileURLToPath(
  new URL('./definition.schema.json', import.meta.url),
);

/**
 * The definition format as a JSON Schema (the input side: keys with defaults are optional), formatted as the
 * project's Prettier settings format JSON, so the committed file passes `prettier --check`.
 */
export async function definitionJsonSchemaText(): Promise<string> {
  const schema = z.toJSONSchema(ScraperDefinition, { io: 'input', unrepresentable: 'any' });
  const document = {
    ...schema,
    $id: 'https://fovea.local/schemas/scraper-definition.json',
    title: 'Fovea scraper definition',
    description: 'One site, or a family of sites sharing one structure. See docs/scrapers.md.',
  };
  return format(JSON.stringify(document), {
    parser: 'json',
    singleQuote: true,
    printWidth: 110,
    trailingComma: 'all',
  });
}
