import type { SceneListRequest } from '@fovea/contract';
import { randomInt } from 'node:crypto';
import { BoundedMap } from './bounded-map';

const MAX_SESSIONS = 200;

/**
 * Remembers, per filter (the request without offset and limit), where the random order of the scene list
 * starts. A first page (offset 0) draws a new start; later pages reuse it.
 */
export class RandomOrderSessions {
  private readonly starts = new BoundedMap<string, number>(MAX_SESSIONS);

  startFor(request: SceneListRequest, results: number): number {
    const { offset, limit, cardSize, ...filter } = request;
    void limit;
    void cardSize;
    const key = JSON.stringify(filter);
    const known = this.starts.get(key);
    if (offset > 0 && known !== undefined) return known % results;
    const start = randomInt(results);
    this.starts.set(key, start);
    return start;
  }
}
