import {
  AdvancedOptions,
  DEFAULT_OPTIONS,
  type CacheOptions,
  type CacheOptionsUpdate,
  Options,
  type AdvancedOptionsUpdate,
  type WebOptions,
  type WebOptionsUpdate,
} from '@fovea/contract';
import type { z } from 'zod';
import type { Logger } from '../logging/logger';
import type { KvRepository } from '../repositories/kv.repository';
import { hideAdvancedSecrets, withAdvancedSecrets } from './options-secrets';

export const OPTIONS_KEY = 'options';

type OptionsListener = (options: Options) => void;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Stored values over defaults, recursively, so options added by a newer version get their defaults. */
function mergeOver(defaults: unknown, stored: unknown): unknown {
  if (!isRecord(defaults) || !isRecord(stored)) return stored === undefined ? defaults : stored;
  const merged: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(stored)) merged[key] = mergeOver(defaults[key], value);
  return merged;
}

/**
 * The owner's options: one typed object persisted as JSON under the key-value row 'options'. Reads are
 * served from memory; writes are validated, serialised one after another, and saved before they are seen.
 */
export class OptionsService {
  private current: Options = structuredClone(DEFAULT_OPTIONS);
  private writes: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<OptionsListener>();

  constructor(
    private readonly kv: KvRepository,
    private readonly logger: Logger,
  ) {}

  /** Reads the stored options; a group that no longer validates falls back to its defaults (and says so). */
  async load(): Promise<Options> {
    const text = await this.kv.get(OPTIONS_KEY);
    let stored: unknown = {};
    if (text !== undefined) {
      try {
        stored = JSON.parse(text);
      } catch {
        this.logger.warn('stored options are not valid JSON; using the defaults');
      }
    }
    const merged = mergeOver(DEFAULT_OPTIONS, stored) as Record<string, unknown>;
    const result: Record<string, unknown> = {};
    for (const [group, schema] of Object.entries(Options.shape)) {
      const parsed = (schema as z.ZodType).safeParse(merged[group]);
      if (parsed.success) {
        result[group] = parsed.data;
      } else {
        this.logger.warn({ group }, `stored ${group} options are invalid; using the defaults for that group`);
        result[group] = structuredClone(DEFAULT_OPTIONS[group as keyof Options]);
      }
    }
    this.current = Options.parse(result);
    return this.get();
  }

  get(): Options {
    return structuredClone(this.current);
  }

  onChange(listener: OptionsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async updateWeb(patch: z.infer<typeof WebOptionsUpdate>): Promise<WebOptions> {
    const saved = await this.update((options) => ({ ...options, web: { ...options.web, ...patch } }));
    return saved.web;
  }

  /** Saves advanced options; secrets sent as their stand-ins are kept, and the answer hides them. */
  async updateAdvanced(patch: z.infer<typeof AdvancedOptionsUpdate>): Promise<AdvancedOptions> {
    const { collectorConfigs: _ignored, ...values } = patch;
    const saved = await this.update((options) => ({
      ...options,
      advanced: { ...options.advanced, ...withAdvancedSecrets(values, options.advanced) },
    }));
    return hideAdvancedSecrets(AdvancedOptions.parse(saved.advanced));
  }

  async updateCache(patch: z.infer<typeof CacheOptionsUpdate>): Promise<CacheOptions> {
    const saved = await this.update((options) => ({ ...options, cache: { ...options.cache, ...patch } }));
    return saved.cache;
  }

  /** Applies a change to a copy, validates the whole object, saves it, then makes it current. */
  update(change: (options: Options) => Options): Promise<Options> {
    const run = async (): Promise<Options> => {
      const next = Options.parse(change(this.get()));
      await this.kv.set(OPTIONS_KEY, JSON.stringify(next));
      this.current = next;
      for (const listener of this.listeners) listener(this.get());
      return this.get();
    };
    const result = this.writes.then(run, run);
    this.writes = result.catch(() => undefined);
    return result;
  }
}
