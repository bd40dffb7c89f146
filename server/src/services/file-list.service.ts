import type { File, FileListRequest, FilePageRequest, FilePageResponse } from '@fovea/contract';
import { toFile } from '../mappers/scene-parts.mapper';
import type { FileListRepository } from '../repositories/file-list.repository';
import { noFile } from './file-match.service';

/** The files list (POST /api/files/list and /page) and one file (GET /api/files/file/{id}). */
export class FileListService {
  constructor(private readonly repo: FileListRepository) {}

  /** Every file the filter selects, in its order (the reference's answer: the whole list). */
  async list(filter: FileListRequest): Promise<File[]> {
    return (await this.repo.list(filter)).map(toFile);
  }

  /** One page of the files the filter selects, with how many it selects in all. */
  async page(request: FilePageRequest): Promise<FilePageResponse> {
    const { offset, limit, ...filter } = request;
    const [rows, total] = await Promise.all([
      this.repo.list(filter, { offset, limit }),
      this.repo.count(filter),
    ]);
    const sceneIds = [...new Set(rows.flatMap((row) => (row.scene_id === null ? [] : [row.scene_id])))];
    const scenes = (await this.repo.scenesByIds(sceneIds)).map((scene) => ({
      id: scene.id,
      scene_id: scene.scene_id,
      title: scene.title,
    }));
    return { files: rows.map(toFile), total, scenes };
  }

  async get(id: number): Promise<File> {
    const row = await this.repo.get(id);
    if (!row) throw noFile(id);
    return toFile(row);
  }
}
