import type { BundleEntry, PathMapping } from '@fovea/contract';
import type { XbvrCatalogueSourceRepository } from './xbvr-catalogue-source.repository';
import { groupBy, idsOf, pagesById } from './xbvr-paging';
import {
  toActionActor,
  toActor,
  toExtRef,
  toExtRefLink,
  toPlaylist,
  toSite,
  toVolume,
} from './xbvr-record.mapper';
import { type XbvrRow, xbvrNumber, xbvrText } from './xbvr-values';

/**
 * The library-wide sections of a bundle read from XBVR's database: volumes, playlists, sites, akas, tagGroups,
 * externalReferences, actors, actionActors and config. A table an older XBVR lacks gives an empty section.
 */
export class XbvrCatalogueSections {
  constructor(
    private readonly repo: XbvrCatalogueSourceRepository,
    private readonly tables: ReadonlySet<string>,
  ) {}

  /** Storage locations; local paths remapped. */
  async *volumes(mappings: readonly PathMapping[], signal?: AbortSignal): AsyncGenerator<BundleEntry> {
    if (!this.tables.has('volumes')) return;
    for await (const page of pagesById((afterId) => this.repo.byId('volumes', afterId), signal)) {
      for (const row of page) yield { section: 'volumes', record: toVolume(row, mappings) };
    }
  }

  /** Saved searches. */
  async *playlists(signal?: AbortSignal): AsyncGenerator<BundleEntry> {
    if (!this.tables.has('playlists')) return;
    for await (const page of pagesById((afterId) => this.repo.byId('playlists', afterId), signal)) {
      for (const row of page) yield { section: 'playlists', record: toPlaylist(row) };
    }
  }

  /** Sites with their switches and their id. */
  async *sites(signal?: AbortSignal): AsyncGenerator<BundleEntry> {
    if (!this.tables.has('sites')) return;
    let afterId = '';
    for (;;) {
      signal?.throwIfAborted();
      const page = await this.repo.sites(afterId);
      if (page.length === 0) return;
      for (const row of page) yield { section: 'sites', record: toSite(row) };
      afterId = xbvrText(page[page.length - 1]?.id);
    }
  }

  /** Aka groups with their "aka:" pseudo-actor and member actors as full objects. */
  async *akas(signal?: AbortSignal): AsyncGenerator<BundleEntry> {
    if (!this.tables.has('akas')) return;
    for await (const page of pagesById((afterId) => this.repo.byId('akas', afterId), signal)) {
      const pseudoIds = page.map((row) => xbvrNumber(row.aka_actor_id)).filter((id) => id > 0);
      const pseudo = groupBy(pseudoIds.length > 0 ? await this.repo.actorsById(pseudoIds) : [], (row) =>
        xbvrNumber(row.id),
      );
      const members = this.tables.has('actor_akas')
        ? groupBy(await this.repo.akaMembers(idsOf(page)), (row) => xbvrNumber(row.xbvr_aka))
        : new Map<number, XbvrRow[]>();
      for (const row of page) {
        const akaActor = pseudo.get(xbvrNumber(row.aka_actor_id))?.[0];
        yield {
          section: 'akas',
          record: {
            name: xbvrText(row.name),
            aka_actor: akaActor === undefined ? null : toActor(akaActor),
            actors: (members.get(xbvrNumber(row.id)) ?? []).map(toActor),
          },
        };
      }
    }
  }

  /** Tag groups with their "tag group:" pseudo-tag and member tags. */
  async *tagGroups(signal?: AbortSignal): AsyncGenerator<BundleEntry> {
    if (!this.tables.has('tag_groups')) return;
    for await (const page of pagesById((afterId) => this.repo.byId('tag_groups', afterId), signal)) {
      const pseudoIds = page.map((row) => xbvrNumber(row.tag_group_tag_id)).filter((id) => id > 0);
      const pseudo = groupBy(pseudoIds.length > 0 ? await this.repo.tagsById(pseudoIds) : [], (row) =>
        xbvrNumber(row.id),
      );
      const members = this.tables.has('tag_group_tags')
        ? groupBy(await this.repo.tagGroupMembers(idsOf(page)), (row) => xbvrNumber(row.xbvr_group))
        : new Map<number, XbvrRow[]>();
      for (const row of page) {
        const groupTag = pseudo.get(xbvrNumber(row.tag_group_tag_id))?.[0];
        yield {
          section: 'tagGroups',
          record: {
            name: xbvrText(row.name),
            tag_group_tag: groupTag === undefined ? null : { name: xbvrText(groupTag.name) },
            tags: (members.get(xbvrNumber(row.id)) ?? []).map((tag) => ({ name: xbvrText(tag.name) })),
          },
        };
      }
    }
  }

  /** External references (StashDB, alternate scenes, actor profiles) with their links. */
  async *externalReferences(signal?: AbortSignal): AsyncGenerator<BundleEntry> {
    if (!this.tables.has('external_references')) return;
    for await (const page of pagesById((afterId) => this.repo.byId('external_references', afterId), signal)) {
      const links = this.tables.has('external_reference_links')
        ? groupBy(await this.repo.extRefLinks(idsOf(page)), (row) => xbvrNumber(row.external_reference_id))
        : new Map<number, XbvrRow[]>();
      for (const row of page) {
        const own = (links.get(xbvrNumber(row.id)) ?? []).map(toExtRefLink);
        yield { section: 'externalReferences', record: toExtRef(row, own) };
      }
    }
  }

  /** Actors with every field and their images (aka pseudo-actors travel in `akas`). */
  async *actors(signal?: AbortSignal): AsyncGenerator<BundleEntry> {
    if (!this.tables.has('actors')) return;
    for await (const page of pagesById((afterId) => this.repo.actors(afterId), signal)) {
      for (const row of page) yield { section: 'actors', record: toActor(row) };
    }
  }

  /** The actor edit journal grouped by actor name, streamed actor by actor. */
  async *actionActors(signal?: AbortSignal): AsyncGenerator<BundleEntry> {
    if (!this.tables.has('action_actors')) return;
    let after: { actorId: number; id: number } | null = null;
    let current: { actorId: number; name: string; rows: XbvrRow[] } | null = null;
    for (;;) {
      signal?.throwIfAborted();
      const page = await this.repo.actionActors(after);
      if (page.length === 0) break;
      for (const row of page) {
        const actorId = xbvrNumber(row.actor_id);
        if (current !== null && current.actorId !== actorId) {
          yield actorEntry(current.name, current.rows);
          current = null;
        }
        current ??= { actorId, name: xbvrText(row.xbvr_actor_name), rows: [] };
        current.rows.push(row);
      }
      const last = page[page.length - 1];
      after = { actorId: xbvrNumber(last?.actor_id), id: xbvrNumber(last?.id) };
    }
    if (current !== null) yield actorEntry(current.name, current.rows);
  }

  /** The option rows: `config`, `cuepoints`, `*-scraper`, `*-trailers` (not state, locks or caches). */
  async *config(signal?: AbortSignal): AsyncGenerator<BundleEntry> {
    if (!this.tables.has('kvs')) return;
    signal?.throwIfAborted();
    for (const row of await this.repo.options()) {
      yield { section: 'config', record: { key: xbvrText(row.key), value: xbvrText(row.value) } };
    }
  }
}

function actorEntry(name: string, rows: readonly XbvrRow[]): BundleEntry {
  return { section: 'actionActors', record: { actor_name: name, action_actors: rows.map(toActionActor) } };
}
