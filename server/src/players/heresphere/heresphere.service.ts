import type {
  File,
  HeresphereLibrary,
  HeresphereRequestBody,
  HeresphereScanEntry,
  HeresphereVideo,
  Scene,
} from '@fovea/contract';
import { NotFoundError } from '../../http/http-errors';
import type { DataVersionRepository } from '../../repositories/data-version.repository';
import type { Logger } from '../../logging/logger';
import type { GroupRow, HeresphereRepository, ScanRow } from '../../repositories/heresphere.repository';
import type { HeresphereWriteService } from '../../services/heresphere-write.service';
import type { OptionsService } from '../../services/options.service';
import type { SceneReader } from '../../services/scene-reader.service';
import { orderFiles } from '../file-order';
import { funscriptTitle } from '../funscript-title';
import type { PlayerLibraryService } from '../player-library.service';
import type { SignMediaUrl } from '../player-urls';
import type { TrailerScene, TrailerSource } from '../trailers/trailer-source';
import { dayOf, type SceneGroups } from './heresphere-tags';
import { heresphereFileVideo, heresphereVideo } from './heresphere-video';
import { planWrite, plansChange } from './heresphere-write-plan';
import { ScanCache } from './scan-cache';

/** The trailer lookup HereSphere needs (the TrailerResolver). */
export interface TrailerSources {
  sources(scene: TrailerScene, signal?: AbortSignal): Promise<TrailerSource[]>;
}

export interface HeresphereServiceDeps {
  library: PlayerLibraryService;
  reader: SceneReader;
  repo: HeresphereRepository;
  writer: HeresphereWriteService;
  trailers: TrailerSources;
  options: OptionsService;
  /** The `players` data version keys the kept scan answer. */
  versions: DataVersionRepository;
  logger: Logger;
  /** Media URLs get their token through it while the app's login is set (none: as they are). */
  signMedia?: SignMediaUrl;
}

const videoLink = (origin: string, id: number) => `${origin}/heresphere/${id}`;

/** Scenes read and written per piece of the scan answer. */
const SCAN_BATCH = 1000;

function groupsOf(rows: readonly GroupRow[]): Map<number, string[]> {
  const map = new Map<number, string[]>();
  for (const row of rows) {
    const names = map.get(row.scene_id);
    if (names) names.push(row.name);
    else map.set(row.scene_id, [row.name]);
  }
  return map;
}

function names(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}

/** A scan entry: the video data's summary fields and its Studio:, Talent:, Category: and flag tags. */
export function scanEntry(origin: string, row: ScanRow): HeresphereScanEntry {
  const released = dayOf(row.release_date);
  const added = dayOf(row.added_date);
  const seconds = row.video_seconds ?? 0;
  const tags = [
    ...(row.site ? [`Studio:${row.site}`] : []),
    ...names(row.cast_names).map((name) => `Talent:${name}`),
    ...names(row.tag_names).map((name) => `Category:${name}`),
    ...(row.watchlist ? ['Feature:Watchlist'] : []),
    ...(row.trailerlist ? ['Feature:Trailer List'] : []),
    ...(row.is_scripted ? ['Feature:Is scripted'] : []),
  ];
  return {
    link: videoLink(origin, row.id),
    title: row.is_scripted ? funscriptTitle(row.id, row.title) : row.title,
    ...(released ? { dateReleased: released } : {}),
    ...(added ? { dateAdded: added } : {}),
    duration: Math.round(seconds > 0 ? seconds * 1000 : row.duration * 60_000),
    rating: row.star_rating,
    isFavorite: row.favourite === 1,
    tags: tags.map((name) => ({ name })),
  };
}

/**
 * The HereSphere API (xbvr-facts §3.11, user-needs §9.2): the library, the scan index, a scene's video data
 * with write-back, and unmatched files. Builds answers from batched reads; writes go through
 * HeresphereWriteService.
 */
export class HeresphereService {
  private readonly scanCache = new ScanCache();

  constructor(private readonly deps: HeresphereServiceDeps) {}

  /** Deo-enabled saved searches, then "Unmatched" files, then "Trailers" (web.sceneTrailerlist). */
  async library(origin: string): Promise<HeresphereLibrary> {
    const [sections, unmatched] = await Promise.all([
      this.deps.library.sections(),
      this.deps.library.unmatchedVideoFiles(),
    ]);
    const library: HeresphereLibrary['library'] = sections.map((section) => ({
      name: section.name,
      list: section.sceneIds.map((id) => videoLink(origin, id)),
    }));
    if (unmatched.length > 0) {
      library.push({
        name: 'Unmatched',
        list: unmatched.map((file) => `${origin}/heresphere/file/${file.id}`),
      });
    }
    if (this.deps.options.get().web.sceneTrailerlist) {
      const trailers = await this.deps.library.trailerSceneIds();
      if (trailers.length > 0) {
        library.push({ name: 'Trailers', list: trailers.map((id) => videoLink(origin, id)) });
      }
    }
    return { access: 1, library };
  }

  /**
   * One entry per scene of every section (each scene once, in section order) as JSON text in pieces: the
   * scenes are read and written SCAN_BATCH at a time, so the objects of a 20k-scene library never sit in
   * memory at once. The answer is kept (ScanCache) and sent again as long as the scenes listed and everything
   * their entries show are unchanged. A failure after the first piece ends the stream with the error.
   */
  async *scanJson(origin: string): AsyncGenerator<string> {
    const sections = await this.deps.library.sections();
    const ids = [...new Set(sections.flatMap((section) => section.sceneIds))];
    // Read before the scenes: a change made while the answer is built moves it past the key kept.
    const key = ScanCache.key(origin, await this.deps.versions.version('players'), ids);
    const kept = this.scanCache.get(key);
    if (kept) {
      yield* kept;
      return;
    }
    const pieces: string[] = ['{"scanData":['];
    yield pieces[0] as string;
    for (let start = 0; start < ids.length; start += SCAN_BATCH) {
      const batch = ids.slice(start, start + SCAN_BATCH);
      const rows = new Map((await this.deps.repo.scanRows(batch)).map((row) => [row.id, row]));
      const entries: string[] = [];
      for (const id of batch) {
        const row = rows.get(id);
        if (row) entries.push(JSON.stringify(scanEntry(origin, row)));
      }
      if (entries.length === 0) continue;
      const piece = (pieces.length > 1 ? ',' : '') + entries.join(',');
      pieces.push(piece);
      yield piece;
    }
    pieces.push(']}');
    yield ']}';
    this.scanCache.set(key, pieces);
  }

  /**
   * A scene's video data, after applying the write-back fields of the body that the permissions allow (a
   * body without them changes nothing). 404 for an unknown scene.
   */
  async video(
    id: number,
    body: HeresphereRequestBody,
    origin: string,
    signal?: AbortSignal,
  ): Promise<HeresphereVideo> {
    let scene = await this.scene(id);
    const options = this.deps.options.get();
    const videos = orderFiles(
      scene.file.filter((file) => file.type === 'video'),
      options.interfaces.players.video_sort_seq,
      'video',
    );
    const first = videos[0];
    const durationMs = first && first.duration > 0 ? first.duration * 1000 : scene.duration * 60_000;
    const plan = planWrite(body, options.interfaces.heresphere, durationMs);
    if (plansChange(plan)) {
      await this.deps.writer.apply(
        { id: scene.id, scene_id: scene.scene_id, videos, files: scene.file },
        plan,
      );
      scene = await this.scene(id);
    }
    const [groups, trailers] = await Promise.all([this.groups(id), this.trailersFor(scene, body, signal)]);
    return heresphereVideo(scene, {
      origin,
      options: this.deps.options.get(),
      groups,
      trailers,
      ...(this.deps.signMedia ? { sign: this.deps.signMedia } : {}),
    });
  }

  /** An unmatched (or any) video file as a video; `deleteFile` removes it when file deletes are allowed. */
  async fileVideo(fileId: number, body: HeresphereRequestBody, origin: string): Promise<HeresphereVideo> {
    const file = await this.deps.library.videoFile(fileId);
    if (!file) throw new NotFoundError(`There is no video file ${fileId}`);
    const options = this.deps.options.get();
    const video = heresphereFileVideo(file, origin, options, this.deps.signMedia);
    if (body.deleteFile === true && options.interfaces.heresphere.allow_file_deletes) {
      await this.deps.writer.deleteFile(file.id, file.scene_id);
      return { ...video, media: [] };
    }
    return video;
  }

  private async scene(id: number): Promise<Scene> {
    const scene = await this.deps.reader.get(id);
    if (!scene) throw new NotFoundError(`There is no scene ${id}`);
    return scene;
  }

  private async groups(id: number): Promise<SceneGroups> {
    const [tagGroups, akaGroups] = await Promise.all([
      this.deps.repo.tagGroups([id]),
      this.deps.repo.akaGroups([id]),
    ]);
    return {
      tagGroups: groupsOf(tagGroups).get(id) ?? [],
      akaGroups: groupsOf(akaGroups).get(id) ?? [],
    };
  }

  /**
   * Trailer streams for a scene without local video on the trailer list, when the player needs media
   * (needsMediaSource not false) and web.sceneTrailerlist is on; resolved now, since trailer links expire.
   */
  private async trailersFor(
    scene: Scene,
    body: HeresphereRequestBody,
    signal?: AbortSignal,
  ): Promise<TrailerSource[]> {
    const hasVideo = scene.file.some((file: File) => file.type === 'video');
    if (hasVideo || body.needsMediaSource === false || !scene.trailerlist) return [];
    if (!this.deps.options.get().web.sceneTrailerlist) return [];
    return this.deps.trailers.sources(scene, signal);
  }
}
