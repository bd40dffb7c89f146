import type { Scene, SceneCreateBody } from '@fovea/contract';
import { BadRequestError, ConflictError } from '../http/http-errors';
import type { FileRow } from '../mappers/scene-parts.mapper';
import type { FileMatchRepository } from '../repositories/file-match.repository';
import type { SceneWriteRepository } from '../repositories/scene-write.repository';
import { companionsOf, noFile } from './file-match.service';
import type { SceneStatusService } from './scene-status.service';
import type { SceneService } from './scene.service';

/**
 * What custom scenes are filed under (as the reference). Unlike the reference, no placeholder cover
 * ("http://localhost/dont_cause_errors", a failed image per card) and no made-up page "http://localhost/<id>":
 * both keys stay, empty.
 */
export const CUSTOM_SCENE_DEFAULTS = {
  studio: 'Custom',
  site: 'CustomVR',
  cover_url: '',
  scene_url: '',
} as const;
const CUSTOM_PREFIX = 'Custom-';

/** The duration of the first of the videos that has one, in whole minutes as scenes keep it (0 when none). */
function durationMinutes(files: readonly FileRow[]): number {
  const seconds = files.find((file) => file.type === 'video' && file.duration > 0)?.duration ?? 0;
  return Math.round(seconds / 60);
}

/**
 * A wanted scene id as a slug: accents dropped, every run of characters other than ASCII letters and digits
 * becomes one "-", no "-" at either end. Case is kept (scraped ids such as "VRKM-821" keep theirs).
 */
export function slugifySceneId(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** "Custom-yyyymmddhhmmss" for a time (UTC). */
export function generatedSceneId(at: Date): string {
  return CUSTOM_PREFIX + at.toISOString().replace(/\D/g, '').slice(0, 14);
}

/**
 * POST /api/scene/create: a custom scene. A wanted id is slugified and must be free (409); a slug without a
 * "-" gets "Custom-" in front, since GET /api/scene/{id} reads a value without "-" as a numeric id. A blank id
 * becomes "Custom-<yyyymmddhhmmss>", with "-2", "-3", ... when that is taken, so the id is unique and never
 * changes afterwards. A `filename` goes into filenames_arr and the unmatched files of exactly that name are
 * matched to the new scene; a `file_id` matches exactly that file (404 when unknown) and lists its name. The
 * companion files of a matched video (scripts, HereSphere files, subtitles named like it) go with it, and the
 * scene takes the duration of its first matched video. The scene, the matches and the status they change are
 * written in one transaction.
 */
export class SceneCreateService {
  constructor(
    private readonly files: FileMatchRepository,
    private readonly scenes: SceneService,
    private readonly status: SceneStatusService,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async create(body: SceneCreateBody): Promise<Scene> {
    const now = this.clock();
    const wanted = body.id === '' ? null : this.wantedId(body.id);
    const id = await this.files.transaction(async (tx) => {
      const sceneId = wanted ?? (await this.freeId(tx.scenes, generatedSceneId(now)));
      if (wanted !== null && (await tx.scenes.takenSceneIds([wanted])).has(wanted)) {
        throw new ConflictError(`A scene with the id ${wanted} already exists`);
      }
      const file = body.file_id === undefined ? undefined : await tx.files.file(body.file_id);
      if (body.file_id !== undefined && !file) throw noFile(body.file_id);
      const names = [...new Set([body.filename, file?.filename].filter((name): name is string => !!name))];
      const filenamesArr = JSON.stringify(names);
      const files = file ? [file] : body.filename ? await tx.files.unmatchedNamed(body.filename) : [];
      const id = await tx.scenes.insert({
        scene_id: sceneId,
        title: body.title,
        ...CUSTOM_SCENE_DEFAULTS,
        duration: durationMinutes(files),
        release_date: now.toISOString().slice(0, 10),
        filenames_arr: filenamesArr,
      });
      if (files.length > 0) {
        const companions = await Promise.all(files.map((matched) => companionsOf(tx.files, matched)));
        await tx.files.setScene([...files.map((matched) => matched.id), ...companions.flat()], id);
        await tx.journal.record(
          sceneId,
          [{ changed_column: 'filenames_arr', new_value: filenamesArr }],
          'match',
        );
        await this.status.refreshScenes([id, file?.scene_id ?? 0], tx.status);
      }
      return id;
    });
    return this.scenes.reload(id);
  }

  private wantedId(text: string): string {
    const slug = slugifySceneId(text);
    if (slug === '') throw new BadRequestError('The scene id needs at least one letter or digit');
    return slug.includes('-') ? slug : CUSTOM_PREFIX + slug;
  }

  /** `base`, else the first free of `base-2`, `base-3`, ... */
  private async freeId(scenes: SceneWriteRepository, base: string): Promise<string> {
    for (let from = 1; ; from += 20) {
      const candidates = Array.from({ length: 20 }, (_, i) =>
        from + i === 1 ? base : `${base}-${from + i}`,
      );
      const taken = await scenes.takenSceneIds(candidates);
      const free = candidates.find((candidate) => !taken.has(candidate));
      if (free !== undefined) return free;
    }
  }
}
