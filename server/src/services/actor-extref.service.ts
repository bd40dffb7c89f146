import {
  EXTERNAL_SOURCE_SCRAPE_SUFFIX,
  EXTERNAL_SOURCE_STASHDB_PERFORMER,
  MATCH_TYPE_ACTOR_URL_EDIT,
  type ExternalReferenceLink,
} from '@fovea/contract';
import type { ActorExtrefRepository } from '../repositories/actor-extref.repository';
import { noActor } from './actor-reader.service';
import { toExternalReferenceLink } from './extref.service';

/** Sites whose actor scraper is not named after the domain. */
const SOURCE_BY_DOMAIN: Readonly<Record<string, string>> = {
  stashdb: EXTERNAL_SOURCE_STASHDB_PERFORMER,
  sexlikereal: `slr${EXTERNAL_SOURCE_SCRAPE_SUFFIX}`,
  xsinsvr: `sinsvr${EXTERNAL_SOURCE_SCRAPE_SUFFIX}`,
  naughtyamerica: `naughtyamericavr${EXTERNAL_SOURCE_SCRAPE_SUFFIX}`,
  virtualporn: `bvr${EXTERNAL_SOURCE_SCRAPE_SUFFIX}`,
  fuckpassvr: `fuckpassvr-native${EXTERNAL_SOURCE_SCRAPE_SUFFIX}`,
};

/** The reference a profile URL names: its source from the domain, its id (a StashDB performer's uuid, else the URL). */
export function profileReference(url: string): { external_source: string; external_id: string } {
  const parsed = new URL(url);
  const labels = parsed.hostname.toLowerCase().split('.');
  const domain = labels.length >= 2 ? (labels[labels.length - 2] ?? '') : (labels[0] ?? '');
  const source = SOURCE_BY_DOMAIN[domain] ?? `${domain}${EXTERNAL_SOURCE_SCRAPE_SUFFIX}`;
  if (source !== EXTERNAL_SOURCE_STASHDB_PERFORMER) return { external_source: source, external_id: url };
  const segments = parsed.pathname.split('/').filter((segment) => segment !== '');
  return { external_source: source, external_id: segments.at(-1) ?? url };
}

const keyOf = (reference: { external_source: string; external_id: string }) =>
  `${reference.external_source}\n${reference.external_id}`;

/** GET /api/actor/extrefs/{id} and POST /api/actor/edit_extrefs/{id}: an actor's profile links. */
export class ActorExtrefService {
  constructor(private readonly repo: ActorExtrefRepository) {}

  async list(actorId: number): Promise<ExternalReferenceLink[]> {
    if ((await this.repo.actorName(actorId)) === null) throw noActor(actorId);
    return this.answer(this.repo, actorId);
  }

  /**
   * Makes the actor's links match the URLs: links whose URL is missing are deleted, new URLs get a reference
   * (found by source and id, or created) and a link. Answers the links.
   */
  async edit(actorId: number, urls: readonly string[]): Promise<ExternalReferenceLink[]> {
    return this.repo.transaction(async (repo) => {
      const name = await repo.actorName(actorId);
      if (name === null) throw noActor(actorId);
      // Each URL by the reference it names, so a URL spelt differently for the same reference is kept.
      const wanted = new Map(urls.map((url) => [keyOf(profileReference(url)), url]));
      const kept = new Set<string>();
      const dropped: number[] = [];
      for (const { link, reference } of await repo.links(actorId)) {
        const key = keyOf(reference);
        if (wanted.has(key) && !kept.has(key)) kept.add(key);
        else dropped.push(link.id);
      }
      await repo.deleteLinks(dropped);
      for (const [key, url] of wanted) {
        if (kept.has(key)) continue;
        const reference = profileReference(url);
        const id = await repo.ensureReference({ ...reference, external_url: url });
        await repo.insertLink({ id: actorId, name }, { id, ...reference }, MATCH_TYPE_ACTOR_URL_EDIT);
      }
      return this.answer(repo, actorId);
    });
  }

  private async answer(repo: ActorExtrefRepository, actorId: number): Promise<ExternalReferenceLink[]> {
    const links = await repo.links(actorId);
    return links.map(({ link, reference }) => toExternalReferenceLink(link, reference));
  }
}
