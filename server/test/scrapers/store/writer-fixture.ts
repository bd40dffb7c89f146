import type { FoveaApp } from '../../../src/app';
import { DataVersionRepository } from '../../../src/repositories/data-version.repository';
import { FileMatchRepository } from '../../../src/repositories/file-match.repository';
import { SceneReadRepository } from '../../../src/repositories/scene-read.repository';
import { ScrapedSceneWriteRepository } from '../../../src/repositories/scraped-scene-write.repository';
import { emptyScrapedScene, type ScrapedScene } from '../../../src/scrapers/scraped-scene';
import { ScrapedSceneWriter } from '../../../src/scrapers/store/scraped-scene-writer.service';
import { FileMatchService } from '../../../src/services/file-match.service';
import { SceneReader } from '../../../src/services/scene-reader.service';

/** The writer and the file matcher of a test app, built as the app builds them. */
export function writerOf(app: FoveaApp, clock?: () => Date) {
  const db = app.database.db;
  const writer = new ScrapedSceneWriter({
    repo: new ScrapedSceneWriteRepository(db),
    status: app.sceneStatus,
    clock,
  });
  const fileMatch = new FileMatchService({
    repo: new FileMatchRepository(db),
    status: app.sceneStatus,
    reader: new SceneReader(new SceneReadRepository(db), new DataVersionRepository(db)),
    options: app.options,
    logger: app.logger.logger,
  });
  return { writer, fileMatch };
}

/** A scraped scene of the "testvr" site with every usual field filled. */
export function scraped(id: string, values: Partial<ScrapedScene> = {}): ScrapedScene {
  return {
    ...emptyScrapedScene('testvr'),
    sceneId: `testvr-${id}`,
    siteId: id,
    title: `Scene ${id}`,
    studio: 'Test Studio',
    site: 'TestVR',
    covers: [`https://cdn.testvr.com/${id}/cover.jpg`],
    gallery: [`https://cdn.testvr.com/${id}/g1.jpg`, '', `https://cdn.testvr.com/${id}/g2.jpg`],
    tags: ['Blonde', 'VR', 'Doggy Style'],
    cast: ['Jane Doe'],
    filenames: [`testvr_${id}_8k.mp4`],
    duration: 42,
    synopsis: `About ${id}`,
    released: '2024-03-05',
    homepageUrl: `https://testvr.com/scene/${id}`,
    membersUrl: `https://members.testvr.com/scene/${id}`,
    trailerType: 'url',
    trailerSrc: `https://cdn.testvr.com/${id}/trailer.mp4`,
    ...values,
  };
}

/** The stored scene row by its string id. */
export function sceneRow(app: FoveaApp, sceneId: string) {
  return app.database.db.selectFrom('scenes').selectAll().where('scene_id', '=', sceneId).executeTakeFirst();
}

/** The names linked to a scene, sorted. */
export async function linkedNames(app: FoveaApp, sceneId: string) {
  const db = app.database.db;
  const cast = await db
    .selectFrom('scene_cast')
    .innerJoin('actors', 'actors.id', 'scene_cast.actor_id')
    .innerJoin('scenes', 'scenes.id', 'scene_cast.scene_id')
    .select('actors.name')
    .where('scenes.scene_id', '=', sceneId)
    .execute();
  const tags = await db
    .selectFrom('scene_tags')
    .innerJoin('tags', 'tags.id', 'scene_tags.tag_id')
    .innerJoin('scenes', 'scenes.id', 'scene_tags.scene_id')
    .select('tags.name')
    .where('scenes.scene_id', '=', sceneId)
    .execute();
  return { cast: cast.map((row) => row.name).sort(), tags: tags.map((row) => row.name).sort() };
}
