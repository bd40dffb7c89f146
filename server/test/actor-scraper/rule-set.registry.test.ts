import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'cheerio';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ruleSetProblems } from '../../src/actor-scraper/rule-set-check';
import {
  ActorRuleSetRegistry,
  CUSTOM_CONFIG_FILE,
  EXAMPLES_FILE,
} from '../../src/actor-scraper/rule-set.registry';
import { makeTempDir } from '../helpers/temp-dir';

/** The keys of scraper-sites §7.3. */
const REFERENCE_KEYS = [
  'zexyvr',
  'wankitnowvr',
  'slr',
  'slr-originals',
  'slr-jav-originals',
  'baberoticavr',
  'vrporn',
  'fuckpassvr-native',
  'virtualrealporn',
  'virtualrealtrans',
  'virtualrealgay',
  'virtualrealpassion',
  'virtualrealamateurporn',
  'groobyvr',
  'vrbangers',
  'vrbtrans',
  'vrbgay',
  'vrconk',
  'blowvr',
  'bvr',
  'realitylovers',
  'tsvirtuallovers',
  'vrphub',
  'vrhush',
  'vrallure',
  'vrlatina',
  'badoinkvr',
  'babevr',
  'vrcosplayx',
  '18vr',
  'realvr',
  'darkroomvr',
  'realjamvr',
  'porncornvr',
  'povr',
  'tmwvrnet',
  'sinsvr',
  'naughtyamericavr',
  'sexbabesvr',
  'kinkvr',
  'vrspy',
  'javdatabase',
].map((key) => `${key} scrape`);

const logger = { info: vi.fn(), warn: vi.fn() };
let registry: ActorRuleSetRegistry | null = null;

function start(dir: string, debounceMs = 20): ActorRuleSetRegistry {
  registry = new ActorRuleSetRegistry({
    customFile: join(dir, CUSTOM_CONFIG_FILE),
    examplesFile: join(dir, EXAMPLES_FILE),
    logger,
    debounceMs,
  });
  return registry;
}

const ownSet = (domain: string) => ({
  GenericActorScrapingConfig: {
    'vrhush scrape': { domain, rules: [{ xbvr_field: 'biography', selector: 'p.own-bio' }] },
    'mystudio scrape': {
      domain: 'mystudio.example',
      isJson: true,
      rules: [
        {
          xbvr_field: 'height',
          selector: 'model.height',
          post_processing: [{ post_processing: 'inch to cm' }],
        },
      ],
    },
  },
});

async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(check()).toBe(true);
}

afterEach(() => {
  registry?.close();
  registry = null;
});

describe('the built-in rule sets', () => {
  it('hold every set of the reference, each valid: regexes compile, selectors parse', async () => {
    const dir = makeTempDir('fovea-rulesets-');
    const sets = start(dir);
    await sets.load();
    const keys = sets.all().map(({ key }) => key);
    expect(keys.sort()).toEqual([...REFERENCE_KEYS].sort());
    const $ = load('<html><body></body></html>');
    for (const { key, set } of sets.all()) {
      expect(ruleSetProblems(key, set), key).toEqual([]);
      if (set.isJson) continue;
      for (const rule of set.rules) expect(() => $(rule.selector), `${key}: ${rule.selector}`).not.toThrow();
    }
    const examples = JSON.parse(readFileSync(join(dir, EXAMPLES_FILE), 'utf8')) as {
      GenericActorScrapingConfig: Record<string, { domain: string }>;
    };
    expect(examples.GenericActorScrapingConfig['vrhush scrape']?.domain).toBe('vrhush.com');
  });

  it('applies a set to every type that starts with its key', async () => {
    const sets = start(makeTempDir('fovea-rulesets-'));
    await sets.load();
    expect(sets.setsFor('vrphub-vrhush scrape').map(({ key }) => key)).toEqual(['vrphub scrape']);
    expect(sets.setsFor('slr-originals scrape').map(({ key }) => key)).toEqual([
      'slr scrape',
      'slr-originals scrape',
    ]);
    expect(sets.setsFor('stashdb performer')).toEqual([]);
    expect(sets.setsFor('upclosevr scrape')).toEqual([]);
  });
});

describe('the owner’s actor_scraper_custom_config.json', () => {
  it('adds sets and replaces built-ins by key, and is reloaded when it changes', async () => {
    const dir = makeTempDir('fovea-rulesets-');
    writeFileSync(join(dir, CUSTOM_CONFIG_FILE), JSON.stringify(ownSet('vrhush.com')));
    const sets = start(dir);
    await sets.load();
    sets.watch();
    const vrhush = sets.setsFor('vrhush scrape');
    expect(vrhush).toHaveLength(1);
    expect(vrhush[0]).toMatchObject({ custom: true, set: { domain: 'vrhush.com' } });
    expect(vrhush[0]?.set.rules.map((rule) => rule.selector)).toEqual(['p.own-bio']);
    expect(sets.setsFor('mystudio scrape')[0]?.set.isJson).toBe(true);
    expect(sets.error()).toBe('');

    writeFileSync(join(dir, CUSTOM_CONFIG_FILE), JSON.stringify(ownSet('www.vrhush.com')));
    await waitFor(() => sets.setsFor('vrhush scrape')[0]?.set.domain === 'www.vrhush.com');

    rmSync(join(dir, CUSTOM_CONFIG_FILE));
    await waitFor(() => sets.setsFor('vrhush scrape')[0]?.custom === false);
    expect(sets.setsFor('mystudio scrape')).toEqual([]);
  });

  it('reports a bad file, keeps its last valid version and the built-ins', async () => {
    const dir = makeTempDir('fovea-rulesets-');
    const file = join(dir, CUSTOM_CONFIG_FILE);
    writeFileSync(file, JSON.stringify(ownSet('vrhush.com')));
    const sets = start(dir);
    await sets.load();

    writeFileSync(file, '{ "GenericActorScrapingConfig": ');
    await sets.reload();
    expect(sets.error()).toMatch(/^rule sets invalid: actor_scraper_custom_config\.json: /);
    expect(sets.setsFor('mystudio scrape')).toHaveLength(1);
    expect(sets.setsFor('badoinkvr scrape')).toHaveLength(1);

    const badRegex = {
      GenericActorScrapingConfig: {
        'mystudio scrape': {
          domain: 'mystudio.example',
          rules: [
            {
              xbvr_field: 'height',
              selector: 'p.height',
              post_processing: [{ post_processing: 'RegexString', params: ['(unclosed', '1'] }],
            },
          ],
        },
      },
    };
    writeFileSync(file, JSON.stringify(badRegex));
    await sets.reload();
    expect(sets.error()).toContain('mystudio scrape.rules[0].post_processing[0]');

    writeFileSync(
      file,
      JSON.stringify({ GenericActorScrapingConfig: { 'no suffix': { domain: 'x', rules: [] } } }),
    );
    await sets.reload();
    expect(sets.error()).toContain('GenericActorScrapingConfig.no suffix');
    expect(logger.warn).toHaveBeenCalled();

    writeFileSync(file, JSON.stringify(ownSet('vrhush.com')));
    await sets.reload();
    expect(sets.error()).toBe('');
  });
});
