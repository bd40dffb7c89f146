import {
  startFakeStashdb,
  stashPerformer,
  stashScene,
  type FakeStashdb,
} from '../../server/test/helpers/stashdb-server';

/** The seeded scene the StashDB spec searches for, and the StashDB scene that is it. */
export const STASH_TARGET = {
  sceneId: 'e2e-5',
  title: 'E2E scene 5',
  performer: 'Fay Orchid',
  stashTitle: 'E2E scene 5',
  otherTitle: 'Fay Orchid on the beach',
} as const;

/**
 * A local stand-in for StashDB's GraphQL API with a studio named like the seeded site, the performer of
 * scene e2e-5 and three scenes: e2e-5 itself (same title, date, duration, studio and performer), another
 * scene of that performer, and an unrelated one of the studio. Covers come from the local image server.
 */
export async function startE2eStashdb(coverBaseUrl: string): Promise<FakeStashdb> {
  const stash = await startFakeStashdb();
  const studio = { id: '5d6f4c1e-0000-4000-8000-00000000e2e0', name: 'E2E Studio', parent: null };
  const performer = stashPerformer(STASH_TARGET.performer);
  stash.studios.push({ id: studio.id, name: studio.name });
  stash.performers.push(performer);
  const cast = [{ as: null, performer }];
  stash.scenes.push(
    stashScene({
      title: STASH_TARGET.stashTitle,
      details: 'The StashDB entry of the seeded scene 5.',
      release_date: '2024-01-01',
      duration: 55 * 60,
      studio,
      performers: cast,
      images: [{ url: `${coverBaseUrl}/cover/5.svg`, width: 1000, height: 563 }],
    }),
    stashScene({
      title: STASH_TARGET.otherTitle,
      release_date: '2022-07-14',
      duration: 31 * 60,
      studio,
      performers: cast,
      images: [{ url: `${coverBaseUrl}/cover/7005.svg`, width: 1000, height: 563 }],
    }),
    stashScene({ title: 'A studio scene without her', release_date: '2021-03-02', studio }),
  );
  return stash;
}
