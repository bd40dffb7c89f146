import type { Database } from '../../server/src/db/schema';

/**
 * The headset players' calls (design §7: "DeoVR/HereSphere library: under 500 ms"). `library` calls are what
 * a player asks for when it opens the server: the whole library in one answer, held to the budget; the scene
 * calls are timed for reference. All are POSTs with a JSON body, as the players send them.
 */
export interface PlayerCase {
  name: string;
  library: boolean;
  path: (sample: number) => string;
  body: object;
}

/** Numeric ids of available scenes (the ones players list), spread over the table. */
export async function availableSceneIds(db: Database, count = 50): Promise<number[]> {
  const rows = await db
    .selectFrom('scenes')
    .select('id')
    .where('is_available', '=', 1)
    .where('is_accessible', '=', 1)
    .orderBy('id')
    .execute();
  const first = rows[0];
  if (first === undefined) return [];
  return Array.from(
    { length: count },
    (_, i) => rows[Math.floor(((rows.length - 1) * ((i * 37) % count)) / (count - 1))]?.id ?? first.id,
  );
}

export function playerCases(sceneIds: number[]): PlayerCase[] {
  const sceneAt = (sample: number) => sceneIds[sample % Math.max(1, sceneIds.length)] ?? 1;
  return [
    { name: 'players DeoVR library (POST /deovr)', library: true, path: () => '/deovr', body: {} },
    {
      name: 'players HereSphere library (POST /heresphere)',
      library: true,
      path: () => '/heresphere',
      body: {},
    },
    {
      name: 'players HereSphere scan (POST /heresphere/scan)',
      library: true,
      path: () => '/heresphere/scan',
      body: {},
    },
    {
      name: 'players DeoVR scene (POST /deovr/{id})',
      library: false,
      path: (i) => `/deovr/${sceneAt(i)}`,
      body: {},
    },
    {
      name: 'players HereSphere video (POST /heresphere/{id})',
      library: false,
      path: (i) => `/heresphere/${sceneAt(i)}`,
      body: { needsMediaSource: true },
    },
  ];
}

/** Entries in a player library answer: DeoVR `scenes[].list`, HereSphere `library[].list` or `scanData`. */
export function libraryEntries(text: string): number | undefined {
  const parsed = JSON.parse(text) as {
    scenes?: { list?: unknown[] | null }[];
    library?: { list?: unknown[] | null }[];
    scanData?: unknown[];
  };
  if (Array.isArray(parsed.scanData)) return parsed.scanData.length;
  const sections = parsed.scenes ?? parsed.library;
  if (!Array.isArray(sections)) return undefined;
  return sections.reduce((total, section) => total + (section.list?.length ?? 0), 0);
}
