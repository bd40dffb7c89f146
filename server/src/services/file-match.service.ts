import { DEFAULT_VIDEO_EXT, type Options, type Scene } from '@fovea/contract';
import { NotFoundError } from '../http/http-errors';
import type { Logger } from '../logging/logger';
import { zeroScene } from '../mappers/file.mapper';
import type { FileRow } from '../mappers/scene-parts.mapper';
import { companionStems, videoStem } from '../scanner/classify-file';
import type { FileMatchRepository, FileMatchTx, UnmatchedFile } from '../repositories/file-match.repository';
import type { SceneReader } from './scene-reader.service';
import type { SceneStatusService } from './scene-status.service';
import { noScene } from './scene.service';

/** Files matched per transaction by the automatic matching. */
const BATCH = 5000;

export const noFile = (id: number) => new NotFoundError(`There is no file ${id}`);

/**
 * The names a file may be listed under in a scene's filenames_arr, in tiers, closest first: its own name and,
 * for a script, HereSphere or subtitles file, each stem of the companion name rule (companionStems) with each
 * video extension (so "a.funscript" matches through "a.mp4", and "a.en.srt" through "a.mp4" when nothing
 * lists "a.en.mp4"). The companion extension is recognised ignoring case.
 */
export function filenameVariantTiers(filename: string, videoExtensions: readonly string[]): string[][] {
  const [own, ...looser] = companionStems(filename);
  if (own === undefined) return [[filename]];
  const named = (stem: string) => videoExtensions.map((videoExt) => stem + videoExt);
  return [[...new Set([filename, ...named(own)])], ...looser.map(named)];
}

/** Every name of filenameVariantTiers, closest first. */
export function filenameVariants(filename: string, videoExtensions: readonly string[]): string[] {
  return [...new Set(filenameVariantTiers(filename, videoExtensions).flat())];
}

/**
 * The companion files that go with a video when it is matched by hand, unmatched or given a custom scene: in its
 * folder, whose closest stem naming a video there (companionStems) is this video's, and where the video is now
 * (its scene, or unmatched alike), so a script matched elsewhere by hand stays there. [] for a non-video.
 */
export async function companionsOf(files: FileMatchRepository, video: FileRow): Promise<number[]> {
  if (video.type !== 'video') return [];
  const stem = videoStem(video.filename);
  const neighbours = await files.namedLike(video.volume_id, video.path, stem);
  const videoStems = new Set(
    neighbours.filter((file) => file.type === 'video').map((file) => videoStem(file.filename)),
  );
  videoStems.add(stem);
  return neighbours
    .filter((file) => file.type !== 'video' && file.scene_id === video.scene_id)
    .filter((file) => companionStems(file.filename).find((own) => videoStems.has(own)) === stem)
    .map((file) => file.id);
}

/** The entries of a filenames_arr text ([] when it is not a JSON array). */
function listedNames(filenamesArr: string): unknown[] {
  try {
    const parsed = JSON.parse(filenamesArr) as unknown;
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** filenames_arr with `name` appended, or null when it already lists it. */
export function withFilename(filenamesArr: string, name: string): string | null {
  const names = listedNames(filenamesArr);
  return names.includes(name) ? null : JSON.stringify([...names, name]);
}

/** filenames_arr without `name`, or null when it does not list it. */
export function withoutFilename(filenamesArr: string, name: string): string | null {
  const names = listedNames(filenamesArr);
  return names.includes(name) ? JSON.stringify(names.filter((entry) => entry !== name)) : null;
}

export interface FileMatchDeps {
  repo: FileMatchRepository;
  status: SceneStatusService;
  reader: SceneReader;
  options: { get(): Options };
  logger: Logger;
  /** Files matched per transaction (tests use small batches). */
  batchSize?: number;
}

interface MatchSettings {
  videoExtensions: readonly string[];
  useAlternateSources: boolean;
}

/**
 * Matching files to scenes (xbvr-facts §6.4, xbvr-wire §5.2-5.3). Automatic matching links a file only when
 * exactly one scene lists one of its names (else it stays unmatched: never a guess); manual matching and
 * unmatching keep the scene's filenames_arr in step, so a rescan agrees with the owner. Every change and the
 * status of the scenes it touches are written in one transaction.
 */
export class FileMatchService {
  private readonly batchSize: number;

  constructor(private readonly deps: FileMatchDeps) {
    this.batchSize = deps.batchSize ?? BATCH;
  }

  /**
   * Automatic matching of the given unmatched files, or of every unmatched file when omitted (already
   * matched or unknown ids are skipped). Steps 1-4 of xbvr-facts §6.4: a scene whose filenames_arr lists one
   * of the file's names; else, when `advanced.useAltSrcInFileMatching` is on, the scene of the one
   * alternate-scene reference that lists it (the name is then added to that scene's filenames_arr). The
   * StashDB fingerprint step is not done here.
   */
  async matchUnmatched(fileIds?: readonly number[]): Promise<{ matched: number }> {
    const settings = this.settings();
    const { repo } = this.deps;
    let matched = 0;
    if (fileIds) {
      const unique = [...new Set(fileIds)];
      for (let i = 0; i < unique.length; i += this.batchSize) {
        const batch = unique.slice(i, i + this.batchSize);
        matched += await repo.transaction(async (tx) =>
          this.matchBatch(tx, await tx.files.unmatchedAmong(batch), settings),
        );
      }
      return { matched };
    }
    let after = 0;
    for (;;) {
      const from = after;
      const batch = await repo.transaction(async (tx) => {
        const files = await tx.files.unmatchedAfter(from, this.batchSize);
        return { last: files.at(-1)?.id, matched: await this.matchBatch(tx, files, settings) };
      });
      if (batch.last === undefined) return { matched };
      matched += batch.matched;
      after = batch.last;
    }
  }

  /**
   * Manual match to a scene by string scene_id: the file name is added to its filenames_arr; a video's
   * companion files (companionsOf) go with it.
   */
  async match(fileId: number, sceneId: string): Promise<void> {
    await this.deps.repo.transaction(async (tx) => {
      const file = await tx.files.file(fileId);
      if (!file) throw noFile(fileId);
      const scene = await tx.files.sceneBySceneId(sceneId);
      if (!scene) throw noScene(sceneId);
      await tx.files.setScene([file.id, ...(await companionsOf(tx.files, file))], scene.id);
      const names = withFilename(scene.filenames_arr, file.filename);
      if (names !== null) await tx.files.setFilenames(scene.id, names);
      await tx.journal.record(
        scene.scene_id,
        [{ changed_column: 'filenames_arr', new_value: names ?? scene.filenames_arr }],
        'match',
      );
      await this.deps.status.refreshScenes([scene.id, file.scene_id ?? 0], tx.status);
    });
  }

  /**
   * Unmatches a file, and a video's companion files with it; its name leaves the scene's filenames_arr so a
   * rescan does not match it (or them) again. Answers the scene after the change, or a zero scene when the
   * file had none.
   */
  async unmatch(fileId: number): Promise<Scene> {
    const sceneId = await this.deps.repo.transaction(async (tx) => {
      const file = await tx.files.file(fileId);
      if (!file) throw noFile(fileId);
      if (file.scene_id === null) return null;
      await tx.files.setScene([file.id, ...(await companionsOf(tx.files, file))], null);
      const [scene] = await tx.files.scenes([file.scene_id]);
      if (scene) {
        const names = withoutFilename(scene.filenames_arr, file.filename);
        if (names !== null) await tx.files.setFilenames(scene.id, names);
        await tx.journal.record(
          scene.scene_id,
          [{ changed_column: 'filenames_arr', new_value: names ?? scene.filenames_arr }],
          'unmatch',
        );
      }
      await this.deps.status.refreshScenes([file.scene_id], tx.status);
      return file.scene_id;
    });
    return sceneId === null ? zeroScene() : this.sceneAnswer(sceneId);
  }

  /** The scene after a change, or a zero scene when it is gone. */
  async sceneAnswer(sceneId: number | null): Promise<Scene> {
    return (sceneId === null ? null : await this.deps.reader.get(sceneId)) ?? zeroScene();
  }

  private settings(): MatchSettings {
    const options = this.deps.options.get();
    const configured = options.storage.video_ext;
    return {
      videoExtensions: configured.length > 0 ? configured : DEFAULT_VIDEO_EXT,
      useAlternateSources: options.advanced.useAltSrcInFileMatching,
    };
  }

  /** Matches one batch of unmatched files inside the caller's transaction; answers how many were matched. */
  private async matchBatch(
    tx: FileMatchTx,
    files: UnmatchedFile[],
    settings: MatchSettings,
  ): Promise<number> {
    if (files.length === 0) return 0;
    const tiers = new Map(
      files.map((file) => [file.id, filenameVariantTiers(file.filename, settings.videoExtensions)]),
    );
    const variants = new Map([...tiers].map(([id, names]) => [id, [...new Set(names.flat())]]));
    const hits = await tx.files.scenesListing([...new Set([...variants.values()].flat())]);
    const scenesByName = groupBy(
      hits,
      (hit) => hit.name,
      (hit) => hit.scene,
    );

    const matches = new Map<number, number>();
    const unlisted: UnmatchedFile[] = [];
    const ambiguous: { file: number; scenes: number[] }[] = [];
    for (const file of files) {
      // The closest tier that any scene lists decides ("a.en.srt" goes by "a.en.mp4" before "a.mp4").
      const candidates =
        (tiers.get(file.id) ?? [])
          .map((names) => union(names, scenesByName))
          .find((scenes) => scenes.size > 0) ?? new Set<number>();
      const [only] = candidates;
      if (candidates.size === 1 && only !== undefined) matches.set(file.id, only);
      else if (candidates.size === 0) unlisted.push(file);
      else ambiguous.push({ file: file.id, scenes: [...candidates] });
    }
    if (ambiguous.length > 0) {
      this.deps.logger.debug(
        { files: ambiguous.slice(0, 100) },
        `${ambiguous.length} files are listed by several scenes and stay unmatched`,
      );
    }
    if (settings.useAlternateSources && unlisted.length > 0) {
      await this.matchThroughAlternates(tx, unlisted, variants, matches);
    }
    await tx.files.setScenes(matches);
    await this.deps.status.refreshScenes([...new Set(matches.values())], tx.status);
    return matches.size;
  }

  /**
   * xbvr-facts §6.4 step 3: a file no scene lists is matched to the scene of the one alternate-scene
   * reference listing one of its names, when that reference has exactly one link and it names a scene; the
   * file name is added to that scene's filenames_arr.
   */
  private async matchThroughAlternates(
    tx: FileMatchTx,
    files: UnmatchedFile[],
    variants: ReadonlyMap<number, string[]>,
    matches: Map<number, number>,
  ): Promise<void> {
    const names = [...new Set(files.flatMap((file) => variants.get(file.id) ?? []))];
    const hits = await tx.files.alternateScenesListing(names);
    const referencesByName = groupBy(
      hits,
      (hit) => hit.name,
      (hit) => hit.reference,
    );
    const references = new Map(hits.map((hit) => [hit.reference, hit]));
    const added = new Map<number, Set<string>>();
    for (const file of files) {
      const [only, ...others] = union(variants.get(file.id) ?? [], referencesByName);
      const reference = only === undefined || others.length > 0 ? undefined : references.get(only);
      if (reference?.links !== 1 || reference.scene === null) continue;
      matches.set(file.id, reference.scene);
      added.set(reference.scene, (added.get(reference.scene) ?? new Set()).add(file.filename));
    }
    for (const scene of await tx.files.scenes([...added.keys()])) {
      let names = scene.filenames_arr;
      for (const name of added.get(scene.id) ?? []) names = withFilename(names, name) ?? names;
      if (names !== scene.filenames_arr) await tx.files.setFilenames(scene.id, names);
    }
  }
}

function groupBy<T, K, V>(items: readonly T[], key: (item: T) => K, value: (item: T) => V): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const item of items) {
    const group = groups.get(key(item)) ?? [];
    group.push(value(item));
    groups.set(key(item), group);
  }
  return groups;
}

/** The distinct values the keys lead to. */
function union<K, V>(keys: readonly K[], groups: ReadonlyMap<K, V[]>): Set<V> {
  return new Set(keys.flatMap((key) => groups.get(key) ?? []));
}
