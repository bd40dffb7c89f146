import type { BundleActor } from '@fovea/contract';
import type { BundleExportActorRepository } from '../../repositories/bundle-export-actor.repository';
import { toBundleActor } from './bundle-scene-record.mapper';

/** Actors kept at most; past it the cache starts over (a library has far fewer cast members than scenes). */
const MAX_KEPT = 20_000;

/**
 * Actors as bundle objects, by id, read once each: every scene's cast and every aka group carries whole actor
 * objects, and the same few thousand actors recur across a hundred thousand scenes.
 */
export class ActorObjects {
  private readonly kept = new Map<number, BundleActor>();

  constructor(private readonly repo: BundleExportActorRepository) {}

  async get(ids: readonly number[]): Promise<Map<number, BundleActor>> {
    const found = new Map<number, BundleActor>();
    const missing = new Set<number>();
    for (const id of ids) {
      const actor = this.kept.get(id);
      if (actor) found.set(id, actor);
      else missing.add(id);
    }
    if (this.kept.size + missing.size > MAX_KEPT) this.kept.clear();
    for (const row of await this.repo.actorsByIds([...missing])) {
      const actor = toBundleActor(row);
      this.kept.set(row.id, actor);
      found.set(row.id, actor);
    }
    return found;
  }
}
