import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CatalogueCountsRepository } from '../repositories/catalogue-counts.repository';

/*
 * An edit may touch up to a thousand actors or thousands of tags, and recounting a popular actor reads every
 * scene it is in. Done in one statement, that holds the event loop for seconds (better-sqlite3 is synchronous),
 * so every other request waits. Recounted a few at a time inside the same transaction, with a turn of the event
 * loop between parts, the edit stays atomic and other requests (static files, the websocket, reads on the read
 * worker) are answered meanwhile.
 */

/** Actors recounted per statement: a popular actor's recount reads thousands of scenes. */
const ACTORS_PER_TURN = 2;
/** Tags recounted per statement (a tag's recount is one indexed count). */
const TAGS_PER_TURN = 100;

async function inTurns(ids: readonly number[], size: number, run: (part: number[]) => Promise<unknown>) {
  for (let start = 0; start < ids.length; start += size) {
    if (start > 0) await nextTurn();
    await run(ids.slice(start, start + size));
  }
}

/** Recounts these actors (counts, facts and sites), a few per turn of the event loop. */
export function recountActorsInTurns(
  counts: CatalogueCountsRepository,
  ids: readonly number[],
): Promise<void> {
  return inTurns(ids, ACTORS_PER_TURN, (part) => counts.refreshActorCounts(part));
}

/** Recounts these tags, a few hundred per turn of the event loop. */
export function recountTagsInTurns(counts: CatalogueCountsRepository, ids: readonly number[]): Promise<void> {
  return inTurns(ids, TAGS_PER_TURN, (part) => counts.refreshTagCounts(part));
}
