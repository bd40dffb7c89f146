import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDefinition } from '../../../src/scrapers/definitions/definition-parse';

describe('docs/scrapers.md', () => {
  it('its complete example is a valid definition', () => {
    const markdown = readFileSync(new URL('../../../../docs/scrapers.md', import.meta.url), 'utf8');
    const example = /## A complete example[\s\S]*?```yaml\n([\s\S]*?)```/.exec(markdown)?.[1] ?? '';
    const parsed = parseDefinition(example, 'example.yaml', 'example');
    expect(parsed.ok ? '' : parsed.error).toBe('');
    expect(parsed.ok && parsed.definition.sites.map((site) => site.id)).toEqual([
      'examplevr',
      'examplevr-fetish',
    ]);
  });
});
