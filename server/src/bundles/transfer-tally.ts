import {
  BUNDLE_SECTIONS,
  MAX_LISTED_REJECTIONS,
  type BundleSection,
  type RejectedRecord,
  type SectionCounts,
} from '@fovea/contract';

export type SectionOutcome = keyof SectionCounts;

const emptyCounts = (): SectionCounts => ({ read: 0, added: 0, updated: 0, skipped: 0, rejected: 0 });

/**
 * Counts what a backup, restore or move-in did, per section, and keeps the first rejections with their reasons.
 * One tally per run; the report (DataTransferReport) is built from it.
 */
export class TransferTally {
  private readonly counts = new Map<BundleSection, SectionCounts>();
  private readonly listed: RejectedRecord[] = [];
  private total = 0;

  count(section: BundleSection, outcome: SectionOutcome, by = 1): void {
    if (by <= 0) return;
    const counts = this.counts.get(section) ?? emptyCounts();
    counts[outcome] += by;
    this.counts.set(section, counts);
  }

  /** A record that could not be taken: counted as rejected, and listed while the list has room. */
  reject(section: BundleSection, key: string, reason: string): void {
    this.count(section, 'rejected');
    this.total += 1;
    if (this.listed.length < MAX_LISTED_REJECTIONS) this.listed.push({ section, key, reason });
  }

  /** Adds rejections found earlier (e.g. while a bundle was read and checked). */
  addRejected(rejected: readonly RejectedRecord[], total: number): void {
    for (const record of rejected) {
      this.count(record.section, 'rejected');
      if (this.listed.length < MAX_LISTED_REJECTIONS) this.listed.push(record);
    }
    const unlisted = Math.max(0, total - rejected.length);
    this.total += rejected.length + unlisted;
  }

  get(section: BundleSection): SectionCounts {
    return { ...(this.counts.get(section) ?? emptyCounts()) };
  }

  /** Every section with a count, in bundle order. */
  sections(): Partial<Record<BundleSection, SectionCounts>> {
    const result: Partial<Record<BundleSection, SectionCounts>> = {};
    for (const section of BUNDLE_SECTIONS) {
      const counts = this.counts.get(section);
      if (counts) result[section] = { ...counts };
    }
    return result;
  }

  rejected(): RejectedRecord[] {
    return [...this.listed];
  }

  get rejectedTotal(): number {
    return this.total;
  }
}
