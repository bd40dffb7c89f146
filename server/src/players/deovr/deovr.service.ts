import { NotFoundError } from '../../http/http-errors';
import type { OptionsService } from '../../services/options.service';
import type { SceneReader } from '../../services/scene-reader.service';
import type { PlayerLibraryService } from '../player-library.service';
import { unsignedMediaUrl, type SignMediaUrl } from '../player-urls';
import { buildDeoLibrary } from './deovr-library';
import type { DeoLibrary, DeoVideo } from './deovr-types';
import { buildDeoFile, buildDeoVideo, type DeoContext } from './deovr-video';

/** The DeoVR answers: the library, a scene, an unmatched file. Login and the enabled switch are the routes'. */
export class DeovrService {
  constructor(
    private readonly library: PlayerLibraryService,
    private readonly scenes: SceneReader,
    private readonly options: OptionsService,
    private readonly sign: SignMediaUrl = unsignedMediaUrl,
  ) {}

  private context(origin: string): DeoContext {
    const { deovr, players } = this.options.get().interfaces;
    return { origin, deovr, players, sign: this.sign };
  }

  /** Every section's scenes read in one narrow batch, whatever the number of sections. */
  async libraryAnswer(origin: string): Promise<DeoLibrary> {
    const [sections, unmatched] = await Promise.all([
      this.library.sections(),
      this.library.unmatchedVideoFiles(),
    ]);
    const entries = await this.library.listEntries(sections.flatMap((section) => section.sceneIds));
    return buildDeoLibrary(sections, entries, unmatched, this.context(origin));
  }

  async sceneAnswer(id: number, origin: string): Promise<DeoVideo> {
    const scene = id > 0 ? await this.scenes.get(id) : null;
    if (scene === null) throw new NotFoundError(`scene ${id} not found`);
    return buildDeoVideo(scene, this.context(origin));
  }

  async fileAnswer(id: number, origin: string): Promise<DeoVideo> {
    const file = await this.library.videoFile(id);
    if (file === undefined) throw new NotFoundError(`video file ${id} not found`);
    return buildDeoFile(file, this.context(origin));
  }
}
