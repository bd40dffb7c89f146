import {
  CuepointVocabulary,
  DEFAULT_CUEPOINT_ACTIONS,
  DEFAULT_CUEPOINT_POSITIONS,
  parseJsonText,
  type CuepointBody,
  type Scene,
} from '@fovea/contract';
import { BadRequestError, NotFoundError } from '../http/http-errors';
import type { KvRepository } from '../repositories/kv.repository';
import type { SceneWriteRepository } from '../repositories/scene-write.repository';
import { noScene, type SceneService } from './scene.service';

/** The kv key of the cuepoint vocabulary (seeded by the first migration). */
export const CUEPOINT_VOCABULARY_KEY = 'cuepoints';

/** Seconds as h:mm:ss. */
const clock = (seconds: number) => {
  const whole = Math.floor(seconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(whole / 3600)}:${pad(Math.floor(whole / 60) % 60)}:${pad(whole % 60)}`;
};

/**
 * Cuepoints of a scene: adding (the library-spec §5 rules are in the body schema; here the times must also
 * fall within the video when its files have durations) and deleting (the scene's cuepoint counts follow by
 * trigger, migration 0006); and the position/action vocabulary the editor offers.
 */
export class SceneCuepointService {
  constructor(
    private readonly write: SceneWriteRepository,
    private readonly scenes: SceneService,
    private readonly kv: KvRepository,
  ) {}

  async add(id: number, body: CuepointBody): Promise<Scene> {
    await this.write.transaction(async (tx) => {
      const row = await tx.scenes.row(id);
      if (!row) throw noScene(id);
      const durations = await tx.scenes.videoDurations(id);
      // A multipart scene plays its parts one after another; otherwise the longest file is the video.
      const length =
        row.is_multipart === 1 ? durations.reduce((sum, d) => sum + d, 0) : Math.max(0, ...durations);
      const limit = Math.ceil(length);
      if (limit > 0 && body.time_start > limit) {
        throw new BadRequestError(`The start time is past the end of the video (${clock(limit)})`);
      }
      if (limit > 0 && body.time_end !== null && body.time_end > limit) {
        throw new BadRequestError(`The end time is past the end of the video (${clock(limit)})`);
      }
      await tx.scenes.insertCuepoint(id, {
        track: body.track,
        name: body.name,
        time_start: body.time_start,
        time_end: body.track === null || body.time_end === 0 ? null : body.time_end,
        rating: body.rating,
      });
    });
    return this.scenes.reload(id);
  }

  async remove(id: number, cuepointId: number): Promise<Scene> {
    const deleted = await this.write.deleteCuepoint(id, cuepointId);
    if (!deleted) {
      if (!(await this.write.row(id))) throw noScene(id);
      throw new NotFoundError(`Scene ${id} has no cuepoint ${cuepointId}`);
    }
    return this.scenes.reload(id);
  }

  /** Positions and actions from the kv table; the built-in lists when the row is missing or unreadable. */
  async vocabulary(): Promise<CuepointVocabulary> {
    const text = await this.kv.get(CUEPOINT_VOCABULARY_KEY);
    const parsed = CuepointVocabulary.safeParse(text === undefined ? null : parseJsonText(text));
    if (parsed.success) return parsed.data;
    return { positions: [...DEFAULT_CUEPOINT_POSITIONS], actions: [...DEFAULT_CUEPOINT_ACTIONS] };
  }
}
