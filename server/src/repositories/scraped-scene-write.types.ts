import type { Updateable } from 'kysely';
import type { ActorEditAction, SceneEditAction, ScenesTable } from '../db/schema';

/* The rows and changes ScrapedSceneWriteRepository reads and writes. */

/** A journal row of a scene, for the columns a scrape must leave alone. */
export interface SceneJournalEntry {
  scene_id: string;
  action_type: SceneEditAction;
  changed_column: string;
  new_value: string;
}

/** A cast or tag link of a scene. */
export interface SceneLink {
  scene_id: number;
  id: number;
  name: string;
  is_group: boolean;
}

/** The actor columns the scraped actor details fill. */
export interface ActorDetailsRow {
  id: number;
  name: string;
  image_url: string;
  image_arr: string;
  urls: string;
}

export interface ActorJournalEntry {
  actor_id: number;
  action_type: ActorEditAction;
  changed_column: string;
  new_value: string;
}

/** An actor or tag row by name. */
export interface NamedId {
  id: number;
  name: string;
}

/** An actor row by name, whether it is an aka group (left out of a scene's cast count), and just created. */
export interface NamedActor extends NamedId {
  is_aka_group: number;
  created: boolean;
}

export interface SceneNeedingUpdate {
  sceneId: string;
  scraperId: string;
  sceneUrl: string;
}

/** The changed columns of a stored scene; `touch` moves updated_at (a change the owner would see). */
export interface SceneUpdate {
  id: number;
  values: Updateable<ScenesTable>;
  touch: boolean;
}

/** The actor columns the scraped actor details change. */
export interface ActorUpdate {
  id: number;
  values: { image_url?: string; image_arr?: string; urls?: string };
}
