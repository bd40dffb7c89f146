import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import catalogue from '../../src/i18n/en-GB.json';
import { i18n } from '../../src/i18n';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const entries = flatten(catalogue as Tree);
const values = new Set(entries.values());

/** The user-facing strings of library-spec §5, §8 and options-spec §2, §8, verbatim. */
const SPEC_STRINGS = [
  'No scrapers exist for this domain',
  'Warning: {{status}}',
  'Error: {{message}}',
  'Error:  Failed to import file',
  'The scene was sucessfully relinked to a new Scene',
  'The scene was removed, ready to rescan',
  'The scene was unlinked and will not be relinked to any scene',
  'Please enter a valid URL.',
  'Please check the Release Date',
  'Please specify a Duration if required',
  'Please specify a URL for the cover image',
  'Please check the Site',
  'Scraper does not exist',
  'Scene Id Required',
  'No matching country',
  'No Matching Cast',
  'No matching sites',
  'No matching attributes',
  'No files matching your selection',
  'Unmatch file',
  'Remove file',
  'Relink scene',
  'Scrape & Create Scene',
  'Continue?',
  'Delete scene',
  'If this is an existing scene, it will be re-added during the next scrape',
  'Close without saving',
  'Delete saved search',
  'Delete actor',
  'End Time is only valid for HSP Cuepoints',
  'Specify a End Time',
  'use the format 99A-99-99',
  'Up to the current year',
  'Enter a StashApi key to enable',
  'Scraping now...',
  'Never scraped',
  'never',
];

const SRC = join(__dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Keys written literally: t('a.b'), i18nKey="a.b" and fields named ...Key: 'a.b'. */
const KEY_PATTERNS = [/\bt\(\s*'([^'$]+)'/g, /i18nKey=["']([^"']+)["']/g, /\b\w*Key:\s*'([^'$]+)'/g];

function hasKey(key: string): boolean {
  return entries.has(key) || entries.has(`${key}_one`) || entries.has(`${key}_other`);
}

describe('text catalogue (en-GB)', () => {
  it('holds every string of the spec verbatim', () => {
    const missing = SPEC_STRINGS.filter((text) => !values.has(text));
    expect(missing).toEqual([]);
  });

  it('has every key the source uses', () => {
    const used = new Map<string, string>();
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const pattern of KEY_PATTERNS) {
        for (const match of text.matchAll(pattern)) {
          const key = match[1];
          if (key !== undefined) used.set(key, relative(SRC, file));
        }
      }
    }
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used].filter(([key]) => !hasKey(key)).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it('has no empty texts and is the loaded language', () => {
    expect([...entries].filter(([, value]) => value.trim() === '')).toEqual([]);
    expect(i18n.language).toBe('en-GB');
    expect(i18n.t('errors.warningStatus', { status: 'duplicate' })).toBe('Warning: duplicate');
    expect(i18n.t('scenes.resultsCount', { count: 1 })).toBe('1 scene');
    expect(i18n.t('scenes.resultsCount', { count: 3 })).toBe('3 scenes');
  });
});
