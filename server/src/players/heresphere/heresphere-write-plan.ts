import type { HeresphereOptions, HeresphereRequestBody } from '@fovea/contract';
import { BadRequestError } from '../../http/http-errors';
import type { NewCuepoint } from '../../repositories/scene-write.repository';
import { cuepointsFromTags } from './heresphere-cuepoints';

/** What one HereSphere update changes; absent parts are left alone. */
export interface HeresphereWritePlan {
  /** 0 to 5 in steps of 0.5. */
  rating?: number;
  favourite?: boolean;
  /** The scene's tags become exactly these names (from the Category: tags). */
  tags?: string[];
  watchlist?: boolean;
  trailerlist?: boolean;
  /** The scene's HereSphere cuepoints become these; its simple ones go too unless kept. */
  cuepoints?: { hsp: NewCuepoint[]; keepSimple: boolean };
  /** The bytes of the scene's .hsp file. */
  hsp?: Buffer;
  deleteFiles: boolean;
}

const CATEGORY = 'Category:';
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** Whether a plan changes anything in the database or on disk. */
export function plansChange(plan: HeresphereWritePlan): boolean {
  return Object.entries(plan).some(([key, value]) =>
    key === 'deleteFiles' ? value === true : value !== undefined,
  );
}

/** The base64 text as bytes; undefined when it is not base64. */
export function decodeBase64(text: string): Buffer | undefined {
  const compact = text.replace(/\s+/g, '');
  if (!BASE64.test(compact)) return undefined;
  return Buffer.from(compact, compact.includes('-') || compact.includes('_') ? 'base64url' : 'base64');
}

/**
 * The changes a HereSphere request asks for that its permission switches allow (options-spec §6, xbvr-facts
 * §3.11): rating (allow_rating_updates), favourite (allow_favorite_updates), the Category: tags replacing the
 * scene's tags (allow_tag_updates), the Feature:Watchlist and Feature:Trailer List flags
 * (allow_watchlist_updates), the cuepoint tags replacing the HereSphere cuepoints and, unless
 * retain_non_hsp_cuepoints, the simple ones (allow_cuepoint_updates), the HSP data (allow_hsp_data) and file
 * deletion (allow_file_deletes). Anything else is ignored. `tags` is always the player's full list.
 */
export function planWrite(
  body: HeresphereRequestBody,
  permissions: HeresphereOptions,
  durationMs: number,
): HeresphereWritePlan {
  const plan: HeresphereWritePlan = { deleteFiles: false };
  if (body.rating !== undefined && permissions.allow_rating_updates) {
    plan.rating = Math.min(5, Math.max(0, Math.round(body.rating * 2) / 2));
  }
  if (body.isFavorite !== undefined && permissions.allow_favorite_updates) plan.favourite = body.isFavorite;
  const tags = body.tags;
  if (tags !== undefined) {
    if (permissions.allow_tag_updates) {
      const names = tags
        .filter((tag) => tag.name.startsWith(CATEGORY))
        .map((tag) => tag.name.slice(CATEGORY.length).trim())
        .filter((name) => name !== '');
      plan.tags = [...new Map(names.map((name) => [name.toLowerCase(), name])).values()];
    }
    if (permissions.allow_watchlist_updates) {
      const names = new Set(tags.map((tag) => tag.name.trim().toLowerCase()));
      plan.watchlist = names.has('feature:watchlist');
      plan.trailerlist = names.has('feature:trailer list');
    }
    if (permissions.allow_cuepoint_updates) {
      plan.cuepoints = {
        hsp: cuepointsFromTags(tags, durationMs),
        keepSimple: permissions.retain_non_hsp_cuepoints,
      };
    }
  }
  if (body.hsp !== undefined && body.hsp !== '' && permissions.allow_hsp_data) {
    plan.hsp = decodeBase64(body.hsp);
    if (plan.hsp === undefined) throw new BadRequestError('hsp must be the base64 text of the .hsp file');
  }
  if (body.deleteFile === true && permissions.allow_file_deletes) plan.deleteFiles = true;
  return plan;
}
