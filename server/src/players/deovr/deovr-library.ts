import type { File } from '@fovea/contract';
import type { PlayerAccess } from '../player-auth';
import type { PlayerListRow } from '../../repositories/player-library.repository';
import type { PlayerSection } from '../player-library.service';
import { coverThumbnailUrl, dntSuffix, unsignedMediaUrl } from '../player-urls';
import { signed, type DeoContext } from './deovr-video';
import type { DeoLibrary } from './deovr-types';

/** The name of the players' section of video files matched to no scene. */
export const UNMATCHED_SECTION = 'Unmatched';

/** The answer to a refused login: one empty list named after the reason (xbvr-facts §3.10). */
export function deoDenied(access: Exclude<PlayerAccess, 1>): DeoLibrary {
  return {
    authorized: access === 0 ? '0' : '-1',
    scenes: [{ name: access === 0 ? 'Login Required' : 'Login Failed', list: null }],
  };
}

/**
 * GET|POST /deovr: one list per deo-enabled saved search (every scene of it), then "Unmatched" when there are
 * unmatched video files. Scenes missing from the entries (deleted meanwhile) are left out.
 */
export function buildDeoLibrary(
  sections: readonly PlayerSection[],
  entries: ReadonlyMap<number, PlayerListRow>,
  unmatched: readonly File[],
  ctx: DeoContext,
): DeoLibrary {
  const { origin } = ctx;
  const sign = ctx.sign ?? unsignedMediaUrl;
  const scenes: DeoLibrary['scenes'] = sections.map((section) => ({
    name: section.name,
    list: section.sceneIds.flatMap((id) => {
      const scene = entries.get(id);
      return scene
        ? [
            {
              id: scene.id,
              title: scene.title,
              videoLength: scene.duration * 60,
              thumbnailUrl: signed(sign, coverThumbnailUrl(origin, scene.cover_url, scene.id)),
              video_url: `${origin}/deovr/${scene.id}`,
            },
          ]
        : [];
    }),
  }));
  if (unmatched.length > 0) {
    const dnt = dntSuffix(ctx.deovr);
    scenes.push({
      name: UNMATCHED_SECTION,
      list: unmatched.map((file) => ({
        title: file.filename,
        videoLength: Math.round(file.duration),
        thumbnailUrl: '',
        video_url: `${origin}/deovr/file/${file.id}${dnt}`,
      })),
    });
  }
  return { authorized: '1', scenes };
}
