import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtinDefinitionsDir } from '../../../src/scrapers/definitions/builtin-dir';
import {
  DEFINITION_JSON_SCHEMA_PATH,
  definitionJsonSchemaText,
} from '../../../src/scrapers/definitions/definition-json-schema';
import { DefinitionRegistry } from '../../../src/scrapers/definitions/definition.registry';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir';

describe('definition files', () => {
  it('the committed JSON Schema equals a fresh export (npm run -w server schema:definitions)', async () => {
    const committed = readFileSync(DEFINITION_JSON_SCHEMA_PATH, 'utf8');
    expect(committed).toBe(await definitionJsonSchemaText());
    const schema = JSON.parse(committed) as { $defs: Record<string, unknown>; required: string[] };
    expect(Object.keys(schema.$defs)).toEqual(expect.arrayContaining(['Step', 'Extractor', 'FieldSpec']));
    expect(schema.required).toEqual(['id', 'version', 'engine', 'sites', 'listing', 'scene']);
  });

  it('every built-in definition validates, with unique ids and site ids', async () => {
    const userDir = makeTempDir('fovea-no-user-definitions-');
    try {
      const registry = new DefinitionRegistry({
        builtinDir: builtinDefinitionsDir(),
        userDir,
        logger: { info: () => undefined, warn: () => undefined },
        onChange: () => undefined,
      });
      const infos = await registry.load();
      expect(infos.length).toBeGreaterThan(0);
      expect(infos.filter((info) => info.error !== '').map((info) => info.error)).toEqual([]);
      expect(registry.sites().length).toBe(infos.reduce((sum, info) => sum + info.site_ids.length, 0));
    } finally {
      removeTempDir(userDir);
    }
  });
});
