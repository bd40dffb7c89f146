import { watch as watchFolder, type FSWatcher } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { EXTERNAL_SOURCE_SCRAPE_SUFFIX } from '@fovea/contract';
import { BUILTIN_RULE_SETS } from './builtin-rule-sets';
import { ruleSetProblems } from './rule-set-check';
import { ActorScraperConfigFile, RuleSet } from './rule-set.schema';

export const CUSTOM_CONFIG_FILE = 'actor_scraper_custom_config.json';
export const EXAMPLES_FILE = 'actor_scraper_config_examples.json';

export interface RuleSetLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface RuleSetRegistryDeps {
  /** `<data folder>/actor_scraper_custom_config.json` (it may not exist). */
  customFile: string;
  /** Where the built-in sets are written for the owner to copy from (`actor_scraper_config_examples.json`). */
  examplesFile?: string;
  logger: RuleSetLogger;
  debounceMs?: number;
}

/** A rule set in use, with its key. */
export interface KeyedRuleSet {
  key: string;
  set: RuleSet;
  custom: boolean;
}

function parseBuiltins(): Map<string, RuleSet> {
  const sets = new Map<string, RuleSet>();
  for (const [key, input] of Object.entries(BUILTIN_RULE_SETS)) sets.set(key, RuleSet.parse(input));
  return sets;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** `<key>` of "<key> scrape". */
const prefixOf = (key: string) => key.slice(0, -EXTERNAL_SOURCE_SCRAPE_SUFFIX.length);

/**
 * The actor scraper's rule sets: the built-ins of scraper-sites §7.3, with the owner's
 * `actor_scraper_custom_config.json` (key `GenericActorScrapingConfig`) adding sets or replacing them by key.
 * The file is watched and reloaded; a bad file is logged and reported (`error()`), the previous valid version
 * of the owner's sets stays in use, and the built-ins always work.
 */
export class ActorRuleSetRegistry {
  private readonly builtins = parseBuiltins();
  private custom = new Map<string, RuleSet>();
  private problem = '';
  private watcher: FSWatcher | null = null;
  private timer: NodeJS.Timeout | null = null;
  private pending: Promise<void> = Promise.resolve();

  constructor(private readonly deps: RuleSetRegistryDeps) {}

  /** Reads the owner's file (and writes the examples file). */
  async load(): Promise<void> {
    await this.writeExamples();
    await this.reload();
  }

  /** Reads the owner's file again; reloads never overlap. */
  reload(): Promise<void> {
    this.pending = this.pending.then(() => this.readCustom());
    return this.pending;
  }

  /** Reloads when the owner's file changes (debounced); `close()` stops it. */
  watch(): void {
    if (this.watcher) return;
    const file = basename(this.deps.customFile);
    this.watcher = watchFolder(dirname(this.deps.customFile), (_event, name) => {
      if (name !== null && name.toString() !== file) return;
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.reload(), this.deps.debounceMs ?? 300);
    });
    this.watcher.on('error', (error) =>
      this.deps.logger.warn({ err: error }, 'actor scraper rule sets: watch failed'),
    );
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.watcher?.close();
    this.watcher = null;
  }

  /** Why the owner's file is not in use ('' when it is fine or absent). */
  error(): string {
    return this.problem;
  }

  /** Every set in use, by key: the owner's replace built-ins of the same key. */
  all(): KeyedRuleSet[] {
    const merged = new Map<string, KeyedRuleSet>();
    for (const [key, set] of this.builtins) merged.set(key, { key, set, custom: false });
    for (const [key, set] of this.custom) merged.set(key, { key, set, custom: true });
    return [...merged.values()].sort((a, b) => a.key.localeCompare(b.key));
  }

  /** The sets that read a URL of this type: keyed "<key> scrape" where the type starts with <key>. */
  setsFor(type: string): KeyedRuleSet[] {
    if (!type.endsWith(EXTERNAL_SOURCE_SCRAPE_SUFFIX)) return [];
    return this.all().filter(({ key }) => type.startsWith(prefixOf(key)));
  }

  private async readCustom(): Promise<void> {
    const file = basename(this.deps.customFile);
    let text: string;
    try {
      text = await readFile(this.deps.customFile, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.fail(`${file}: ${describe(error)}`);
      else {
        this.custom = new Map();
        this.problem = '';
      }
      return;
    }
    if (text.trim() === '') {
      this.custom = new Map();
      this.problem = '';
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      this.fail(`${file}: ${describe(error)}`);
      return;
    }
    const parsed = ActorScraperConfigFile.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      this.fail(`${file}: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid'}`);
      return;
    }
    const sets = Object.entries(parsed.data.GenericActorScrapingConfig);
    const problems = sets.flatMap(([key, set]) => ruleSetProblems(key, set));
    if (problems.length > 0) {
      this.fail(`${file}: ${problems[0] ?? ''}`);
      return;
    }
    this.custom = new Map(sets);
    this.problem = '';
    this.deps.logger.info({ sets: this.custom.size }, `actor scraper rule sets: ${file} loaded`);
  }

  private fail(message: string): void {
    this.problem = `rule sets invalid: ${message}`;
    this.deps.logger.warn({ file: this.deps.customFile }, this.problem);
  }

  private async writeExamples(): Promise<void> {
    if (!this.deps.examplesFile) return;
    const config = { GenericActorScrapingConfig: Object.fromEntries(this.builtins) };
    try {
      await writeFile(this.deps.examplesFile, `${JSON.stringify(config, null, 2)}\n`);
    } catch (error) {
      this.deps.logger.warn(
        { err: error },
        'actor scraper rule sets: the examples file could not be written',
      );
    }
  }
}
