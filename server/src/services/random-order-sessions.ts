import type { SceneListRequest } from '@fovea/contract';
import { randomInt } from 'node:crypto';

const MAX_SESSIONS = 200;

/**
 * Remembers, per filter (the request without offset and limit), where the random order of the scene list
 * starts. A first page (offset 0) draws a new start; later pages reuse it.
 */
export class RandomOrderSessions {
  private readonly starts = new Map<string, number>();

  startFor(request: SceneListRequest, results: number): number {
    const { offset, limit, cardSize, ...filter } = request;
    void limit;
    void cardSize;
    const key = JSON.stringify(filter);
    const known = this.starts.get(key);
    if (offset > 0 && known !== undefined) return known % results;
    const start = randomInt(results);
    this.starts.delete(key);
    this.starts.set(key, start);
    if (this.starts.size > MAX_SESSIONS) {
      const oldest = this.starts.keys().next();
      if (!oldest.done) this.starts.delete(oldest.value);
    }
    return start;
  }
}
