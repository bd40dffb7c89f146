import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import {
  BITRATE_BUCKETS,
  FRAMERATE_BUCKETS,
  RESOLUTION_BUCKETS,
  type FileBitrate,
  type FileFramerate,
  type FileListRequest,
  type FileResolution,
  type FileSortKey,
} from '@fovea/contract';
import type { DB, Database } from '../db/schema';
import type { FileRow } from '../mappers/scene-parts.mapper';

/** A file with the volume it is on. */
export interface FileOnVolume {
  file: FileRow;
  volume: { id: number; type: 'local' | 'putio'; path: string; metadata: string };
}

type Where = ExpressionBuilder<DB, 'files'>;

/** Inclusive bounds of a bucket (null = no upper bound) as a test of one column. */
function inBucket(
  eb: Where,
  column: 'video_height' | 'video_bitrate',
  bounds: { min: number; max: number | null },
) {
  return bounds.max === null
    ? eb(column, '>=', bounds.min)
    : eb.and([eb(column, '>=', bounds.min), eb(column, '<=', bounds.max)]);
}

const FIXED_FRAMERATES = Object.values(FRAMERATE_BUCKETS).filter((fps): fps is 30 | 60 => fps !== null);

/**
 * A frame-rate bucket: `fps_class` (the average frame rate rounded, so 29.97 is 30 and 59.94 is 60) equal to
 * the bucket's rate; `other` is every other rate, unknown (0) included.
 */
function framerateTest(eb: Where, bucket: FileFramerate): Expression<SqlBool> {
  const fps = FRAMERATE_BUCKETS[bucket];
  return fps === null ? eb('fps_class', 'not in', FIXED_FRAMERATES) : eb('fps_class', '=', fps);
}

/** A LIKE pattern matching `text` anywhere, with %, _ and the escape character taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The sort column and direction of a sort key ('' = by id). */
function sortOf(key: FileSortKey): { column: string; direction: 'asc' | 'desc' } {
  const match = /^(.+)_(asc|desc)$/.exec(key);
  if (!match?.[1] || !match[2]) return { column: 'id', direction: 'asc' };
  return { column: match[1], direction: match[2] === 'desc' ? 'desc' : 'asc' };
}

/** SQL of the files list (library-spec §3 File filters, xbvr-facts §3.5) and of single file rows. */
export class FileListRepository {
  constructor(private readonly db: Database) {}

  /** The files the filter selects, in its order; a page of them when `page` is given. */
  list(filter: FileListRequest, page?: { offset: number; limit: number }): Promise<FileRow[]> {
    const { column, direction } = sortOf(filter.sort);
    const ordered = sql`${column === 'filename' ? sql`filename COLLATE NOCASE` : sql.ref(column)} ${sql.raw(direction)}`;
    let query = this.db
      .selectFrom('files')
      .selectAll()
      .where((eb) => this.test(eb, filter))
      .orderBy(ordered)
      .orderBy('id', direction);
    if (page) query = query.limit(page.limit).offset(page.offset);
    return query.execute();
  }

  async count(filter: FileListRequest): Promise<number> {
    const row = await this.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where((eb) => this.test(eb, filter))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** Id, scene_id and title of the given scenes (those the files of a page are matched to). */
  scenesByIds(ids: readonly number[]): Promise<{ id: number; scene_id: string; title: string }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('scenes')
      .select(['id', 'scene_id', 'title'])
      .where('id', 'in', [...ids])
      .orderBy('id')
      .execute();
  }

  get(id: number): Promise<FileRow | undefined> {
    return this.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async withVolume(id: number): Promise<FileOnVolume | undefined> {
    const file = await this.get(id);
    if (!file) return undefined;
    const volume = await this.db
      .selectFrom('volumes')
      .select(['id', 'type', 'path', 'metadata'])
      .where('id', '=', file.volume_id)
      .executeTakeFirstOrThrow();
    return { file, volume };
  }

  /** Every test of the filter joined with AND; each list is "any of" its buckets, an empty list any file. */
  private test(eb: Where, filter: FileListRequest): Expression<SqlBool> {
    const tests: Expression<SqlBool>[] = [];
    if (filter.state === 'matched') tests.push(eb('scene_id', 'is not', null));
    if (filter.state === 'unmatched') tests.push(eb('scene_id', 'is', null));
    if (filter.createdDate.length === 2) {
      const [from, to] = filter.createdDate.map((time) => new Date(time).toISOString());
      tests.push(eb('created_time', '>=', from ?? ''), eb('created_time', '<=', to ?? ''));
    }
    const anyOf = <T>(values: readonly T[], one: (value: T) => Expression<SqlBool>) => {
      if (values.length > 0) tests.push(eb.or(values.map(one)));
    };
    anyOf(filter.resolutions, (bucket: FileResolution) =>
      inBucket(eb, 'video_height', RESOLUTION_BUCKETS[bucket]),
    );
    anyOf(filter.framerates, (bucket: FileFramerate) => framerateTest(eb, bucket));
    anyOf(filter.bitrates, (bucket: FileBitrate) => inBucket(eb, 'video_bitrate', BITRATE_BUCKETS[bucket]));
    if (filter.filename !== '') {
      tests.push(sql<SqlBool>`filename LIKE ${containsPattern(filter.filename)} ESCAPE '\\'`);
    }
    return eb.and(tests);
  }
}
