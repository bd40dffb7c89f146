/**
 * The tags and actors whose counts a restore may have moved (scene links, group members, group pseudo-rows):
 * only they are recounted at the end. `all` recounts every one (a v1 bundle, written through the scraped-scene
 * writer).
 */
export class CountTouches {
  readonly tags = new Set<number>();
  readonly actors = new Set<number>();
  all = false;

  addTags(ids: Iterable<number>): void {
    for (const id of ids) this.tags.add(id);
  }

  addActors(ids: Iterable<number>): void {
    for (const id of ids) this.actors.add(id);
  }
}
