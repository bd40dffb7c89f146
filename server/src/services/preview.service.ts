import { createHash } from 'node:crypto';
import { access, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { PreviewOptions, PreviewSettingsBody, WsPayload, WsTopic } from '@fovea/contract';
import { JobAbortedError, throwIfAborted } from '../jobs/job-definition';
import type { Progress } from '../jobs/progress';
import type { Logger } from '../logging/logger';
import { toFile, type FileRow } from '../mappers/scene-parts.mapper';
import { renderPreview, type PreviewSettings, type RenderPreviewRequest } from '../media/preview-render';
import { orderFiles } from '../players/file-order';
import type { PreviewRepository, PreviewScene } from '../repositories/preview.repository';
import type { OptionsService } from './options.service';
import type { SceneStatusService } from './scene-status.service';

/** A scene_id usable as a file name: no separators, no leading dot (scrapers make ids like "slr-12345"). */
export const SAFE_PREVIEW_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
/** The test preview's name: "test" and the sha1 of the settings (xbvr-wire §1.9). */
export const TEST_PREVIEW_NAME = /^test[0-9a-f]{40}$/;

/** Scenes whose files are read together. */
const BATCH = 100;

export interface PreviewServiceDeps {
  repo: PreviewRepository;
  options: OptionsService;
  status: Pick<SceneStatusService, 'refreshScenes'>;
  events: { publish<T extends WsTopic>(topic: T, payload: WsPayload<T>): void };
  previewsDir: string;
  tmpDir: string;
  ffmpegPath: string;
  ffprobePath: string;
  logger: Logger;
  /** The renderer (tests may slow it down or make it fail). */
  render?: (request: RenderPreviewRequest) => Promise<unknown>;
  /** The clock a time window's end is compared with. */
  now?: () => Date;
}

interface VideoSource {
  scene: PreviewScene;
  file: FileRow;
  path: string;
}

const fileExists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The snippet settings of a settings body (without `enabled`). */
function settingsOf(body: PreviewSettingsBody | PreviewOptions): PreviewSettings {
  const { startTime, snippetLength, snippetAmount, resolution, extraSnippet } = body;
  return { startTime, snippetLength, snippetAmount, resolution, extraSnippet };
}

/** "test" + sha1 of the settings, so the same settings always name the same test preview. */
export function testPreviewName(settings: PreviewSettings): string {
  const text = JSON.stringify(settingsOf(settings));
  return `test${createHash('sha1').update(text).digest('hex')}`;
}

/**
 * Preview clips (xbvr-facts §8.3): the generation job (available scenes without a preview, newest release
 * first, each from its first video file on disk in the players' video order), the test preview of the
 * options page, and the saved settings.
 */
export class PreviewService {
  private tests: Promise<void> = Promise.resolve();
  /** Aborted at shutdown: a test preview being made stops, none starts. */
  private readonly stopping = new AbortController();
  private readonly render: (request: RenderPreviewRequest) => Promise<unknown>;
  private readonly now: () => Date;

  constructor(private readonly deps: PreviewServiceDeps) {
    this.render = deps.render ?? renderPreview;
    this.now = deps.now ?? (() => new Date());
  }

  /** PUT /api/options/previews: saves the snippet settings (`enabled` is kept as it is). */
  async save(body: PreviewSettingsBody): Promise<PreviewOptions> {
    const saved = await this.deps.options.update((options) => ({
      ...options,
      library: { ...options.library, preview: { ...options.library.preview, ...settingsOf(body) } },
    }));
    return saved.library.preview;
  }

  /**
   * The preview job: one clip per scene, progress per scene; a failing scene is logged and skipped. A scheduled
   * run inside a time window passes the window's end (`until`): no scene is started after it.
   */
  async generateAll(
    progress: Progress,
    signal: AbortSignal,
    until: Date | null = null,
  ): Promise<{ made: number; failed: number }> {
    const scenes = await this.deps.repo.availableScenes(true);
    const settings = settingsOf(this.deps.options.get().library.preview);
    progress.setTotal(scenes.length);
    progress.log(`Generating previews for ${scenes.length} scenes`);
    let made = 0;
    let failed = 0;
    for (let i = 0; i < scenes.length; i += BATCH) {
      const batch = scenes.slice(i, i + BATCH);
      const files = await this.deps.repo.localVideoFiles(batch.map((scene) => scene.id));
      for (const scene of batch) {
        throwIfAborted(signal);
        if (until && this.now().getTime() >= until.getTime()) {
          progress.log(`Previews stopped at the end of the time window: ${made} made, ${failed} failed`);
          return { made, failed };
        }
        const source = await this.sourceOf(scene, files);
        if (!source) {
          progress.advance(1, `${scene.scene_id}: no video file on disk`);
          continue;
        }
        try {
          await this.renderScene(source, settings, signal);
          await this.deps.status.refreshScenes([scene.id]);
          made++;
          progress.advance(1, `Preview made for ${scene.scene_id}`);
        } catch (error) {
          if (signal.aborted) throw new JobAbortedError();
          failed++;
          progress.log(`Preview of ${scene.scene_id} failed: ${errorText(error)}`, 'warn');
          progress.advance(1);
        }
      }
    }
    progress.log(`Previews done: ${made} made, ${failed} failed`);
    return { made, failed };
  }

  /**
   * POST /api/options/previews/test: renders a preview of the newest available scene with these settings in
   * the background (one test at a time), then publishes options.previews.previewReady. A failure is logged
   * (and so reaches service.log). Answers the name the preview will have.
   */
  startTest(body: PreviewSettingsBody): string {
    const settings = settingsOf(body);
    const name = testPreviewName(settings);
    this.tests = this.tests.then(() => this.runTest(name, settings));
    return name;
  }

  /** Resolves when no test preview is being made (tests and shutdown). */
  testsIdle(): Promise<void> {
    return this.tests;
  }

  /** At shutdown, before the database closes: stops a test preview being made and waits for it. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.tests;
  }

  private async runTest(name: string, settings: PreviewSettings): Promise<void> {
    const logger = this.deps.logger;
    const signal = this.stopping.signal;
    if (signal.aborted) return;
    try {
      const source = await this.newestSource();
      if (!source) {
        logger.error(
          { task: 'previews' },
          'Test preview: no available scene has a video file on disk to make a preview from',
        );
        return;
      }
      const dest = join(this.deps.previewsDir, `${name}.mp4`);
      await this.render({ ...this.request(source, dest, settings), signal });
      await this.removeOtherTests(name);
      logger.info({ task: 'previews' }, `Test preview made from ${source.scene.scene_id}`);
      this.deps.events.publish('options.previews.previewReady', { previewFn: name });
    } catch (error) {
      if (signal.aborted) return;
      logger.error({ task: 'previews', err: error }, `Test preview failed: ${errorText(error)}`);
    }
  }

  /** The first video on disk of the newest available scene that has one. */
  private async newestSource(): Promise<VideoSource | null> {
    const scenes = await this.deps.repo.availableScenes(false);
    for (let i = 0; i < scenes.length; i += BATCH) {
      const batch = scenes.slice(i, i + BATCH);
      const files = await this.deps.repo.localVideoFiles(batch.map((scene) => scene.id));
      for (const scene of batch) {
        const source = await this.sourceOf(scene, files);
        if (source) return source;
      }
    }
    return null;
  }

  /** The scene's first video file (players video order) that is on disk; null when none is. */
  private async sourceOf(scene: PreviewScene, files: FileRow[]): Promise<VideoSource | null> {
    if (!SAFE_PREVIEW_NAME.test(scene.scene_id)) return null;
    const own = files.filter((file) => file.scene_id === scene.id);
    const rows = new Map(own.map((row) => [row.id, row]));
    const sequence = this.deps.options.get().interfaces.players.video_sort_seq;
    for (const file of orderFiles(own.map(toFile), sequence, 'video')) {
      const row = rows.get(file.id);
      const path = row ? join(row.path, row.filename) : '';
      if (row && (await fileExists(path))) return { scene, file: row, path };
    }
    return null;
  }

  private async renderScene(source: VideoSource, settings: PreviewSettings, signal: AbortSignal) {
    const dest = join(this.deps.previewsDir, `${source.scene.scene_id}.mp4`);
    await this.render({ ...this.request(source, dest, settings), signal });
  }

  private request(source: VideoSource, dest: string, settings: PreviewSettings): RenderPreviewRequest {
    return {
      input: source.path,
      dest,
      tmpDir: this.deps.tmpDir,
      projection: source.file.projection,
      settings,
      ffmpegPath: this.deps.ffmpegPath,
      ffprobePath: this.deps.ffprobePath,
    };
  }

  /** Earlier test previews are of no more use once a new one is made. */
  private async removeOtherTests(keep: string): Promise<void> {
    const names = await readdir(this.deps.previewsDir).catch(() => [] as string[]);
    const old = names.filter(
      (file) => file !== `${keep}.mp4` && file.endsWith('.mp4') && TEST_PREVIEW_NAME.test(file.slice(0, -4)),
    );
    await Promise.all(old.map((file) => rm(join(this.deps.previewsDir, file), { force: true })));
  }
}
