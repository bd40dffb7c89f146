import type {
  BundleActor,
  BundleEntry,
  BundleRecord,
  BundleSection,
  BundleV1Scene,
  RejectedRecord,
} from '@fovea/contract';

/**
 * A bundle that has been read whole and checked, record by record, before anything is written: the restore
 * applies it section by section in the order it chooses. Readers of a bundle file and of an XBVR database both
 * produce one (restore/bundle-spool.ts); tests build one in memory (memoryBundle).
 */
export interface SpooledBundle {
  /** "2.1" (sections) or "1" (v1: scraped scenes only). */
  version: '2.1' | '1';
  /** The bundle's own timestamp ('' when it had none). */
  timestamp: string;
  /** Valid records per section, as read. */
  counts: Partial<Record<BundleSection, number>>;
  /** Records that did not validate (skipped, never fatal), the first MAX_LISTED_REJECTIONS of them. */
  rejected: readonly RejectedRecord[];
  rejectedTotal: number;
  /** The section's valid records in file order; empty when the bundle had none. Can be read more than once. */
  records<S extends BundleSection>(section: S): AsyncIterable<BundleRecord<S>>;
  /** The scenes of a v1 bundle (empty for 2.1). */
  v1Scenes(): AsyncIterable<BundleV1Scene>;
  /**
   * The whole object of each actor the scenes' cast lists, the first one met per name, when the spool keeps the
   * scenes' cast entries as names only (bundle-spool.ts); empty when the scenes carry them whole.
   */
  castActors(): AsyncIterable<BundleActor>;
  /** Removes whatever the spool keeps on disk. Safe to call more than once. */
  dispose(): Promise<void>;
}

/** A spooled bundle held in memory: for tests and small sources. */
export function memoryBundle(
  entries: readonly BundleEntry[],
  options: { version?: '2.1' | '1'; timestamp?: string; v1Scenes?: readonly BundleV1Scene[] } = {},
): SpooledBundle {
  const bySection = new Map<BundleSection, unknown[]>();
  for (const entry of entries) {
    const list = bySection.get(entry.section) ?? [];
    list.push(entry.record);
    bySection.set(entry.section, list);
  }
  const counts: Partial<Record<BundleSection, number>> = {};
  for (const [section, list] of bySection) counts[section] = list.length;
  const v1 = options.v1Scenes ?? [];
  return {
    version: options.version ?? '2.1',
    timestamp: options.timestamp ?? '',
    counts,
    rejected: [],
    rejectedTotal: 0,
    records<S extends BundleSection>(section: S): AsyncIterable<BundleRecord<S>> {
      const list = (bySection.get(section) ?? []) as BundleRecord<S>[];
      return (async function* () {
        yield* list;
      })();
    },
    v1Scenes: () =>
      (async function* () {
        yield* v1;
      })(),
    castActors: () => (async function* () {})(),
    dispose: () => Promise.resolve(),
  };
}
