import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { NotFoundError } from '../http/http-errors';
import type { PreviewRepository } from '../repositories/preview.repository';
import { planResponse, type StreamAnswer, type StreamRequest } from './file-stream.service';
import { SAFE_PREVIEW_NAME, TEST_PREVIEW_NAME } from './preview.service';

/**
 * Serves previews/<name>.mp4 for /api/dms/preview/{name}, with the byte ranges and validators of library files.
 * The name is a test preview name ("test" + 40 hex digits) or a scene's scene_id; the file name is built from
 * that pattern or from the scene_id stored in the database, never from a path in the request.
 */
export class PreviewFileService {
  private readonly streaming = new Set<Readable>();

  constructor(
    private readonly repo: PreviewRepository,
    private readonly previewsDir: string,
  ) {}

  async serve(name: string, request: StreamRequest): Promise<StreamAnswer> {
    const file = await this.fileName(name);
    const handle = file === null ? null : await openFile(join(this.previewsDir, file));
    if (!handle) throw new NotFoundError(`There is no preview ${name}`);
    const stat = await handle.stat().catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
    if (!stat.isFile()) {
      await handle.close();
      throw new NotFoundError(`There is no preview ${name}`);
    }
    const plan = planResponse(stat, request.headers);
    // Previews are remade (and test previews replaced): revalidate each time, the ETag keeps it cheap.
    const headers: Record<string, string> = {
      'content-type': 'video/mp4',
      'cache-control': 'no-cache',
      ...plan.headers,
    };
    if (plan.status === 304) delete headers['content-type'];
    if (request.method === 'HEAD' || !plan.range) {
      await handle.close();
      return { kind: 'send', status: plan.status, headers, body: null };
    }
    const body = handle.createReadStream({ start: plan.range.start, end: plan.range.end });
    this.streaming.add(body);
    body.once('close', () => this.streaming.delete(body));
    return { kind: 'send', status: plan.status, headers, body };
  }

  /** Ends the responses still streaming (at shutdown). */
  abortAll(): void {
    for (const body of this.streaming) body.destroy();
    this.streaming.clear();
  }

  private async fileName(name: string): Promise<string | null> {
    if (TEST_PREVIEW_NAME.test(name)) return `${name}.mp4`;
    if (!SAFE_PREVIEW_NAME.test(name)) return null;
    const sceneId = await this.repo.findSceneId(name);
    return sceneId !== undefined && SAFE_PREVIEW_NAME.test(sceneId) ? `${sceneId}.mp4` : null;
  }
}

async function openFile(path: string): Promise<FileHandle | null> {
  try {
    return await open(path, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
    throw error;
  }
}
