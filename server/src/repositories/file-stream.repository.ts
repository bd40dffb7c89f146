import type { Database, FileType } from '../db/schema';

/** What serving one file needs: where it is (from the files row and its volume only) and whose it is. */
export interface FileLocation {
  id: number;
  /** The directory of a local file; for put.io the put.io file id. */
  path: string;
  filename: string;
  type: FileType;
  /** NULL when the file is not matched to a scene. */
  scene_id: number | null;
  volume_type: 'local' | 'putio';
  /** The put.io OAuth token of a put.io volume. */
  volume_metadata: string;
}

/** Reads the file rows the streaming routes serve. */
export class FileStreamRepository {
  constructor(private readonly db: Database) {}

  locate(fileId: number): Promise<FileLocation | undefined> {
    return this.db
      .selectFrom('files')
      .innerJoin('volumes', 'volumes.id', 'files.volume_id')
      .select([
        'files.id',
        'files.path',
        'files.filename',
        'files.type',
        'files.scene_id',
        'volumes.type as volume_type',
        'volumes.metadata as volume_metadata',
      ])
      .where('files.id', '=', fileId)
      .executeTakeFirst();
  }
}
