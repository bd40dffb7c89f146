import type { CastActor } from '@fovea/contract';
import { BoundedMap } from './bounded-map';

/**
 * Twice the actors of the benchmark library (10k), so a large library's whole cast stays cached; at roughly 1 KB
 * per mapped actor (an estimate) that is at most about 20 MB of the server's 300 MB budget.
 */
export const CAST_ACTOR_CACHE_SIZE = 20_000;

/**
 * Freezes a value and everything reachable from it. Cached cast actors are shared by every response that
 * names them, so a mutation must fail loudly (strict mode throws) rather than leak into other answers.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Reflect.ownKeys(value)) {
    deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}

/** What the cache holds of some actor ids: the actors it has and the ids to read from the database. */
export interface CastActorLookup {
  found: Map<number, CastActor>;
  missing: number[];
}

/**
 * Mapped, frozen cast actors by actor id, valid for one `actors` data version (migration 0004: triggers move
 * it on every insert, update and delete of an actor row, in the writer's transaction). Actors change rarely
 * and recur across scene-list pages, so a page reads and maps only the actors it has not seen since the last
 * actor write.
 *
 * Correctness rests on order: a caller reads the version BEFORE it reads the actor rows it adds under that
 * version. Rows read later can only be as new or newer; if newer, the version has moved and the next lookup
 * drops them. An add under a version the cache has already left is ignored, so a slow reader cannot put old
 * rows back after a newer reader cleared them.
 */
export class CastActorCache {
  private readonly actors: BoundedMap<number, CastActor>;
  private version: number | null = null;

  constructor(capacity = CAST_ACTOR_CACHE_SIZE) {
    this.actors = new BoundedMap(capacity);
  }

  /** The cached actors of `ids` as of `version`; everything is dropped first when the version moved. */
  lookup(version: number, ids: Iterable<number>): CastActorLookup {
    if (version !== this.version) {
      this.actors.clear();
      this.version = version;
    }
    const found = new Map<number, CastActor>();
    const missing: number[] = [];
    for (const id of new Set(ids)) {
      const actor = this.actors.get(id);
      if (actor) found.set(id, actor);
      else missing.push(id);
    }
    return { found, missing };
  }

  /**
   * Freezes `actor` and keeps it when the cache still holds `version`; answers the frozen actor either way,
   * so the caller uses what it read even when the cache has moved on.
   */
  add(version: number, actor: CastActor): CastActor {
    const frozen = deepFreeze(actor);
    if (version === this.version) this.actors.set(frozen.id, frozen);
    return frozen;
  }
}
