import { CollectorConfigData, Options, type BundleKv } from '@fovea/contract';
import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import type { BundleRestoreRepository } from '../../repositories/bundle-restore.repository';
import { COLLECTOR_KEY_PREFIX } from '../../repositories/collector-config.repository';
import { OPTIONS_KEY, type OptionsService } from '../../services/options.service';
import type { SpooledBundle } from '../spooled-bundle';
import { BatchTally } from './apply-batches';
import type { ApplyContext, SectionApplier } from './section-applier';

const CONFIG_KEY = 'config';
const CUEPOINTS_KEY = 'cuepoints';
const COLLECTOR_KEY = /^.+-(scraper|trailers)$/;
/** A collector config's fields a row may leave out. */
const EMPTY_COLLECTOR = { headers: null, cookies: null, body: '', other: null };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `over` merged into `base`, objects key by key (lists and values replaced). */
export function mergeInto(base: unknown, over: unknown): unknown {
  if (!isRecord(base) || !isRecord(over)) return over === undefined ? base : over;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) merged[key] = mergeInto(base[key], value);
  return merged;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The `config` section: the `config` row becomes the owner's options (the bundle's JSON merged over the current
 * options group by group, each group validated; an invalid group keeps its current values and is reported), the
 * `cuepoints` row the cuepoint vocabulary, `<domain>-scraper` / `<domain>-trailers` rows the collector configs.
 * Other rows (XBVR's state, locks, caches) are skipped. The DeoVR password travels as its bcrypt hash and is
 * kept as one. Overwrite off leaves rows the owner already has.
 */
export class ConfigSectionApplier implements SectionApplier {
  readonly sections = ['config'] as const;

  constructor(
    private readonly store: BundleRestoreRepository,
    private readonly options: Pick<OptionsService, 'get' | 'update'>,
  ) {}

  async apply(bundle: SpooledBundle, context: ApplyContext): Promise<void> {
    let done = 0;
    for await (const row of bundle.records('config')) {
      context.tally.count('config', 'read');
      const batch = new BatchTally('config');
      await this.applyRow(row, context.options.overwrite, batch);
      batch.commit(context.tally);
      context.progress('config', (done += 1));
    }
  }

  private async applyRow(row: BundleKv, overwrite: boolean, batch: BatchTally): Promise<void> {
    const target = row.key === CONFIG_KEY ? OPTIONS_KEY : this.kvKey(row.key);
    if (target === null) {
      batch.count('skipped');
      return;
    }
    const current = (await this.store.read.groups.kvValues([target])).get(target);
    const known = current !== undefined;
    if (known && !overwrite) {
      batch.count('skipped');
      return;
    }
    const value = parseJson(row.value);
    if (row.key === CONFIG_KEY) {
      if (!isRecord(value)) batch.reject(row.key, 'the options are not a JSON object');
      else {
        const outcome = await this.applyOptions(value, batch);
        if (outcome === 'changed') batch.count(known ? 'updated' : 'added');
        else if (outcome === 'same') batch.count('skipped');
      }
      return;
    }
    const valid =
      row.key === CUEPOINTS_KEY
        ? isRecord(value) && Array.isArray(value.positions) && Array.isArray(value.actions)
        : isRecord(value) && CollectorConfigData.safeParse({ ...EMPTY_COLLECTOR, ...value }).success;
    if (!valid) {
      batch.reject(
        row.key,
        row.key === CUEPOINTS_KEY ? 'not a cuepoint vocabulary' : 'not a collector config',
      );
      return;
    }
    const stored = row.key === CUEPOINTS_KEY ? value : { ...EMPTY_COLLECTOR, ...(value as object) };
    if (known && isDeepStrictEqual(parseJson(current), stored)) {
      batch.count('skipped');
      return;
    }
    await this.store.batch(({ groups }) => groups.setKv(target, JSON.stringify(stored)));
    batch.count(known ? 'updated' : 'added');
  }

  /** The kv key a bundle row goes to, or null for rows a restore does not take. */
  private kvKey(key: string): string | null {
    if (key === CUEPOINTS_KEY) return CUEPOINTS_KEY;
    if (COLLECTOR_KEY.test(key)) return COLLECTOR_KEY_PREFIX + key;
    return null;
  }

  /**
   * Merges each known group over the current one: 'none' when no group was valid, 'same' when the options
   * would not change, 'changed' when they were written.
   */
  private async applyOptions(
    value: Record<string, unknown>,
    batch: BatchTally,
  ): Promise<'none' | 'same' | 'changed'> {
    const current = this.options.get() as Record<string, unknown>;
    const next: Record<string, unknown> = { ...current };
    let taken = 0;
    for (const [group, schema] of Object.entries(Options.shape)) {
      if (value[group] === undefined) continue;
      const parsed = (schema as z.ZodType).safeParse(mergeInto(current[group], value[group]));
      if (parsed.success) {
        next[group] = parsed.data;
        taken += 1;
      } else {
        const issue = parsed.error.issues[0];
        const where = issue ? `${[group, ...issue.path.map(String)].join('.')}: ${issue.message}` : group;
        batch.reject(`config.${group}`, `invalid options kept as they were (${where})`);
      }
    }
    if (taken === 0) return 'none';
    const options = Options.parse(next);
    if (isDeepStrictEqual(options, Options.parse(current))) return 'same';
    await this.options.update(() => options);
    return 'changed';
  }
}
