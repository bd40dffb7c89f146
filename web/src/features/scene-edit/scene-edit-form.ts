import { parseJsonText, SceneImage } from '@fovea/contract';
import type { RouteBody, Scene } from '@fovea/contract';
import { z } from 'zod';

/** Cast and tag names the group calls manage (aka groups, tag groups); the edit leaves them alone. */
const AKA_PREFIX = 'aka:';
const TAG_GROUP_PREFIX = 'tag group:';

/** The fields of the edit dialog, as typed. */
export interface SceneEditForm {
  title: string;
  studio: string;
  site: string;
  /** yyyy-mm-dd or ''. */
  releaseDate: string;
  /** Whole minutes; '' = none. */
  duration: string;
  synopsis: string;
  sceneUrl: string;
  membersUrl: string;
  isMultipart: boolean;
  cast: string[];
  tags: string[];
  filenames: string[];
  /** Cover image URLs; the first becomes cover_url. */
  covers: string[];
  gallery: string[];
}

export type SceneEditBody = RouteBody<'sceneEdit'>;

const ImageList = z.array(SceneImage);

/** The scene's `images` JSON text as a list ("null" or unreadable text = none). */
export function sceneImages(scene: Pick<Scene, 'images'>): SceneImage[] {
  const parsed = ImageList.safeParse(parseJsonText(scene.images));
  return parsed.success ? parsed.data : [];
}

/** The scene's `filenames_arr` JSON text as a list. */
export function sceneFilenames(scene: Pick<Scene, 'filenames_arr'>): string[] {
  const parsed = z.array(z.string()).safeParse(parseJsonText(scene.filenames_arr));
  return parsed.success ? parsed.data : [];
}

/** True when the list holds the name already, ignoring case and outer spaces. */
export function hasNameIgnoringCase(list: readonly string[], name: string): boolean {
  const wanted = name.trim().toLowerCase();
  return list.some((item) => item.trim().toLowerCase() === wanted);
}

/** The names with blanks and later duplicates (ignoring case) left out, each trimmed. */
export function uniqueNames(names: readonly string[]): string[] {
  const out: string[] = [];
  for (const name of names) {
    const trimmed = name.trim();
    if (trimmed !== '' && !hasNameIgnoringCase(out, trimmed)) out.push(trimmed);
  }
  return out;
}

/** The form showing a scene. A scene whose images hold no cover shows its cover_url as the one cover. */
export function formFromScene(scene: Scene): SceneEditForm {
  const images = sceneImages(scene);
  const covers = images.filter((image) => image.type === 'cover').map((image) => image.url);
  return {
    title: scene.title,
    studio: scene.studio,
    site: scene.site,
    releaseDate: scene.release_date_text,
    duration: scene.duration > 0 ? String(scene.duration) : '',
    synopsis: scene.synopsis,
    sceneUrl: scene.scene_url,
    membersUrl: scene.members_url,
    isMultipart: scene.is_multipart,
    cast: scene.cast.map((actor) => actor.name).filter((name) => !name.toLowerCase().startsWith(AKA_PREFIX)),
    tags: scene.tags
      .map((tag) => tag.name)
      .filter((name) => !name.toLowerCase().startsWith(TAG_GROUP_PREFIX)),
    filenames: sceneFilenames(scene),
    covers: covers.length === 0 && scene.cover_url !== '' ? [scene.cover_url] : covers,
    gallery: images.filter((image) => image.type === 'gallery').map((image) => image.url),
  };
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/** True when the form differs from the one the dialog opened with. */
export function isFormDirty(form: SceneEditForm, initial: SceneEditForm): boolean {
  return (Object.keys(initial) as (keyof SceneEditForm)[]).some((key) => {
    const a = form[key];
    const b = initial[key];
    return Array.isArray(a) && Array.isArray(b) ? !sameList(a, b) : a !== b;
  });
}

/** i18n keys of the field problems that keep Save disabled. */
export interface SceneEditProblems {
  title?: 'sceneEdit.titleRequired';
  duration?: 'sceneEdit.durationFormat';
  releaseDate?: 'sceneEdit.releaseDateFormat';
}

export function checkSceneEditForm(form: SceneEditForm): SceneEditProblems {
  const problems: SceneEditProblems = {};
  if (form.title.trim() === '') problems.title = 'sceneEdit.titleRequired';
  if (!/^\d{0,6}$/.test(form.duration.trim())) problems.duration = 'sceneEdit.durationFormat';
  if (form.releaseDate !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(form.releaseDate)) {
    problems.releaseDate = 'sceneEdit.releaseDateFormat';
  }
  return problems;
}

/** The images text to send: covers first, then the gallery, keeping what the scene knew of each image. */
function imagesText(scene: Scene, form: SceneEditForm): string {
  const known = sceneImages(scene);
  const entry = (url: string, type: SceneImage['type']): SceneImage =>
    known.find((image) => image.url === url && image.type === type) ?? { url, type, orientation: '' };
  return JSON.stringify([
    ...form.covers.map((url) => entry(url, 'cover')),
    ...form.gallery.map((url) => entry(url, 'gallery')),
  ]);
}

/**
 * POST /api/scene/edit/{id} as the reference UI sends it (xbvr-wire §2.11): the whole scene, the edited
 * fields over it, `castArray`, `tagsArray`, `gallery` and `files`; `duration` as a string; `images` covers
 * first, the first cover as `cover_url`. Images and cover_url are sent as the scene had them unless the covers
 * or the gallery were changed, so saving never rewrites a scraped cover by itself.
 */
export function buildSceneEditBody(scene: Scene, form: SceneEditForm, initial: SceneEditForm): SceneEditBody {
  const imagesChanged = !sameList(form.covers, initial.covers) || !sameList(form.gallery, initial.gallery);
  return {
    ...scene,
    title: form.title.trim(),
    studio: form.studio.trim(),
    site: form.site.trim(),
    release_date_text: form.releaseDate,
    duration: String(form.duration.trim() === '' ? 0 : Number(form.duration.trim())),
    synopsis: form.synopsis,
    scene_url: form.sceneUrl.trim(),
    members_url: form.membersUrl.trim(),
    is_multipart: form.isMultipart,
    castArray: uniqueNames(form.cast),
    tagsArray: uniqueNames(form.tags.map((tag) => tag.toLowerCase())),
    filenames_arr: JSON.stringify(form.filenames),
    images: imagesChanged ? imagesText(scene, form) : scene.images,
    cover_url: imagesChanged ? (form.covers[0] ?? '') : scene.cover_url,
    gallery: form.gallery,
    files: form.filenames,
  };
}
