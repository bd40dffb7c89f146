import type { Options } from '@fovea/contract';
import type { Logger } from '../logging/logger';
import { mapLimit } from '../media/map-limit';
import type { FileMatchRepository } from '../repositories/file-match.repository';
import type { FingerprintCandidate, StashdbLinkRepository } from '../repositories/stashdb-link.repository';
import { stashdbApiKey } from '../stashdb/stashdb-api-key';
import { StashdbError, type StashdbClient } from '../stashdb/stashdb.client';
import { withFilename } from './file-match.service';
import type { SceneStatusService } from './scene-status.service';

/** StashDB lookups in flight at once. */
export const FINGERPRINT_LOOKUPS_IN_FLIGHT = 2;

export interface StashdbFingerprintDeps {
  client: Pick<StashdbClient, 'sceneIdsByFingerprint'>;
  links: Pick<StashdbLinkRepository, 'fingerprintCandidates' | 'scenesLinkedTo'>;
  files: Pick<FileMatchRepository, 'transaction'>;
  status: SceneStatusService;
  options: { get(): Options };
  logger: Logger;
}

export interface FingerprintRun {
  /** Where the outcome is told (the rescan job's log). */
  progress: { log(message: string, level?: 'info' | 'warn'): void };
  signal: AbortSignal;
}

/** An OpenSubtitles hash as StashDB stores it: 16 hex digits, zero-padded on the left. */
export const stashFingerprint = (oshash: string): string => oshash.toLowerCase().padStart(16, '0');

/**
 * Step 5 of the automatic matching (xbvr-facts §6.4), after the file-name steps: with
 * `storage.match_ohash` on and a StashDB key set, each still unmatched video file with an OpenSubtitles
 * hash is looked up on StashDB by fingerprint; when the StashDB scenes found are linked (not flagged
 * deleted) to exactly one scene, the file is matched to it as a manual match would (its name joins the
 * scene's filenames_arr, journalled, statuses refreshed, one transaction). StashDB trouble is told once and
 * never fails the rescan: the files looked up before it still count.
 */
export class StashdbFingerprintMatchService {
  constructor(private readonly deps: StashdbFingerprintDeps) {}

  async matchUnmatched(fileIds: readonly number[], run: FingerprintRun): Promise<{ matched: number }> {
    const options = this.deps.options.get();
    if (!options.storage.match_ohash || fileIds.length === 0) return { matched: 0 };
    const key = stashdbApiKey(options);
    if (key === null) {
      run.progress.log('Matching by StashDB fingerprint is on, but no StashDB API key is set', 'warn');
      return { matched: 0 };
    }
    const files = await this.deps.links.fingerprintCandidates(fileIds);
    if (files.length === 0) return { matched: 0 };

    const hits = await this.lookUp(key, files, run);
    if (run.signal.aborted) return { matched: 0 };
    const matches = await this.resolve(files, hits);
    if (matches.size === 0) return { matched: 0 };
    await this.apply(files, matches);
    run.progress.log(`${matches.size} files matched through StashDB fingerprints`);
    return { matched: matches.size };
  }

  /** StashDB scene ids per file; stops at the first failure (told once) or when the job is stopped. */
  private async lookUp(
    key: string,
    files: readonly FingerprintCandidate[],
    run: FingerprintRun,
  ): Promise<Map<number, string[]>> {
    const hits = new Map<number, string[]>();
    try {
      await mapLimit(files, FINGERPRINT_LOOKUPS_IN_FLIGHT, async (file) => {
        if (run.signal.aborted) throw new StashdbError(0, 'the work was stopped');
        hits.set(
          file.id,
          await this.deps.client.sceneIdsByFingerprint(key, stashFingerprint(file.oshash), run.signal),
        );
      });
    } catch (error) {
      if (!(error instanceof StashdbError)) throw error;
      if (!run.signal.aborted) {
        run.progress.log(
          `StashDB fingerprint lookup failed: ${error.message} (${hits.size} of ${files.length} files looked up)`,
          'warn',
        );
      }
    }
    return hits;
  }

  /** file id -> scene id for the files whose StashDB scenes are linked to exactly one scene. */
  private async resolve(
    files: readonly FingerprintCandidate[],
    hits: ReadonlyMap<number, string[]>,
  ): Promise<Map<number, number>> {
    const linked = await this.deps.links.scenesLinkedTo([...new Set([...hits.values()].flat())]);
    const scenesOf = new Map<string, number[]>();
    for (const link of linked)
      scenesOf.set(link.stash_id, [...(scenesOf.get(link.stash_id) ?? []), link.scene]);
    const matches = new Map<number, number>();
    const ambiguous: { file: number; scenes: number[] }[] = [];
    for (const file of files) {
      const scenes = [...new Set((hits.get(file.id) ?? []).flatMap((id) => scenesOf.get(id) ?? []))];
      const [only] = scenes;
      if (scenes.length === 1 && only !== undefined) matches.set(file.id, only);
      else if (scenes.length > 1) ambiguous.push({ file: file.id, scenes });
    }
    if (ambiguous.length > 0) {
      this.deps.logger.debug(
        { files: ambiguous.slice(0, 100) },
        `${ambiguous.length} files have StashDB fingerprints of several scenes and stay unmatched`,
      );
    }
    return matches;
  }

  /** The matches written in one transaction, skipping files matched meanwhile. */
  private async apply(files: readonly FingerprintCandidate[], matches: ReadonlyMap<number, number>) {
    const names = new Map(files.map((file) => [file.id, file.filename]));
    await this.deps.files.transaction(async (tx) => {
      const still = new Set((await tx.files.unmatchedAmong([...matches.keys()])).map((file) => file.id));
      const applied = new Map([...matches].filter(([fileId]) => still.has(fileId)));
      await tx.files.setScenes(applied);
      for (const scene of await tx.files.scenes([...new Set(applied.values())])) {
        let list = scene.filenames_arr;
        for (const [fileId, sceneId] of applied) {
          if (sceneId === scene.id) list = withFilename(list, names.get(fileId) ?? '') ?? list;
        }
        if (list !== scene.filenames_arr) await tx.files.setFilenames(scene.id, list);
        await tx.journal.record(
          scene.scene_id,
          [{ changed_column: 'filenames_arr', new_value: list }],
          'match',
        );
      }
      await this.deps.status.refreshScenes([...new Set(applied.values())], tx.status);
    });
  }
}
