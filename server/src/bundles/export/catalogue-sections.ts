import type { BundleActorActions, BundleAka, BundleExtRef, BundleKv, BundleTagGroup } from '@fovea/contract';
import type {
  BundleActorEditRow,
  BundleExportActorRepository,
} from '../../repositories/bundle-export-actor.repository';
import type {
  BundleExportCatalogueRepository,
  ExtRefLinkSubset,
} from '../../repositories/bundle-export-catalogue.repository';
import { COLLECTOR_KEY_PREFIX } from '../../repositories/collector-config.repository';
import {
  toBundleActionActor,
  toBundleAka,
  toBundleExtRef,
  toBundlePlaylist,
  toBundleSite,
  toBundleTagGroup,
  toBundleVolume,
} from './bundle-catalogue-record.mapper';
import { toBundleActor } from './bundle-scene-record.mapper';
import type { ActorObjects } from './actor-objects';
import { groupBy, keysetPages, present, runsAcrossPages, type SectionSource } from './export-pages';

/** The kv key under which the reference keeps its options, and a bundle carries them. */
export const CONFIG_KV_KEY = 'config';

/**
 * The library-wide sections of a backup (volumes, saved searches, sites, groups, external references, actors
 * and their journal, config), each read page by page with their related rows in one query per page.
 */
export class CatalogueSections {
  constructor(
    private readonly catalogue: BundleExportCatalogueRepository,
    private readonly actors: BundleExportActorRepository,
    private readonly actorObjects: ActorObjects,
    private readonly pageSize: number,
  ) {}

  /** `withSecrets`: the put.io tokens too (only in a bundle that includes the settings). */
  async volumes(withSecrets: boolean): Promise<SectionSource<'volumes'>> {
    return {
      section: 'volumes',
      total: await this.catalogue.count('volumes'),
      pages: () =>
        mapPages(
          keysetPages(
            (after: number, limit) => this.catalogue.volumesAfter(after, limit),
            0,
            (row) => row.id,
            this.pageSize,
          ),
          (row) => toBundleVolume(row, withSecrets),
        ),
    };
  }

  async playlists(): Promise<SectionSource<'playlists'>> {
    return {
      section: 'playlists',
      total: await this.catalogue.count('playlists'),
      pages: () =>
        mapPages(
          keysetPages(
            (after: number, limit) => this.catalogue.playlistsAfter(after, limit),
            0,
            (row) => row.id,
            this.pageSize,
          ),
          toBundlePlaylist,
        ),
    };
  }

  async sites(): Promise<SectionSource<'sites'>> {
    return {
      section: 'sites',
      total: await this.catalogue.count('sites'),
      pages: () =>
        mapPages(
          keysetPages(
            (after: string, limit) => this.catalogue.sitesAfter(after, limit),
            '',
            (row) => row.id,
            this.pageSize,
          ),
          toBundleSite,
        ),
    };
  }

  async akas(): Promise<SectionSource<'akas'>> {
    return { section: 'akas', total: await this.actors.countAkas(), pages: () => this.akaPages() };
  }

  async tagGroups(): Promise<SectionSource<'tagGroups'>> {
    return {
      section: 'tagGroups',
      total: await this.catalogue.count('tag_groups'),
      pages: () => this.tagGroupPages(),
    };
  }

  async externalReferences(subset: ExtRefLinkSubset): Promise<SectionSource<'externalReferences'>> {
    return {
      section: 'externalReferences',
      total: await this.catalogue.countExtRefs(subset),
      pages: () => this.extRefPages(subset),
    };
  }

  async actorList(): Promise<SectionSource<'actors'>> {
    return {
      section: 'actors',
      total: await this.actors.countActors(),
      pages: () =>
        mapPages(
          keysetPages(
            (after: number, limit) => this.actors.actorsAfter(after, limit),
            0,
            (row) => row.id,
            this.pageSize,
          ),
          toBundleActor,
        ),
    };
  }

  async actionActors(): Promise<SectionSource<'actionActors'>> {
    return {
      section: 'actionActors',
      total: await this.actors.countEditedActors(),
      pages: () => this.actorJournalPages(),
    };
  }

  /**
   * The settings: `config` (the owner's options as JSON), the cuepoint vocabulary, and each collector config
   * under the reference's key `<domain_key>`. Nothing else of the kv table travels (no locks, no state).
   */
  async config(optionsJson: string): Promise<SectionSource<'config'>> {
    const rows: BundleKv[] = [
      { key: CONFIG_KV_KEY, value: optionsJson },
      ...(await this.catalogue.configKvRows()).map((row) => ({
        key: row.key.startsWith(COLLECTOR_KEY_PREFIX) ? row.key.slice(COLLECTOR_KEY_PREFIX.length) : row.key,
        value: row.value,
      })),
    ];
    return { section: 'config', total: rows.length, pages: () => onePage(rows) };
  }

  private async *akaPages(): AsyncGenerator<BundleAka[]> {
    const pages = keysetPages(
      (after: number, limit) => this.actors.akasAfter(after, limit),
      0,
      (row) => row.id,
      this.pageSize,
    );
    for await (const akas of pages) {
      const members = await this.actors.akaMembers(akas.map((aka) => aka.id));
      const pseudoIds = akas.flatMap((aka) => (aka.aka_actor_id === null ? [] : [aka.aka_actor_id]));
      const objects = await this.actorObjects.get([...pseudoIds, ...members.map((row) => row.actor_id)]);
      const membersOf = groupBy(members, (row) => row.aka_id);
      yield akas.map((aka) =>
        toBundleAka(
          aka,
          aka.aka_actor_id === null ? null : (objects.get(aka.aka_actor_id) ?? null),
          present((membersOf.get(aka.id) ?? []).map((row) => objects.get(row.actor_id))),
        ),
      );
    }
  }

  private async *tagGroupPages(): AsyncGenerator<BundleTagGroup[]> {
    const pages = keysetPages(
      (after: number, limit) => this.catalogue.tagGroupsAfter(after, limit),
      0,
      (row) => row.id,
      this.pageSize,
    );
    for await (const groups of pages) {
      const members = groupBy(
        await this.catalogue.tagGroupMembers(groups.map((g) => g.id)),
        (row) => row.tag_group_id,
      );
      yield groups.map((group) =>
        toBundleTagGroup(
          group,
          (members.get(group.id) ?? []).map((row) => row.name),
        ),
      );
    }
  }

  private async *extRefPages(subset: ExtRefLinkSubset): AsyncGenerator<BundleExtRef[]> {
    const pages = keysetPages(
      (after: number, limit) => this.catalogue.extRefsAfter(subset, after, limit),
      0,
      (row) => row.id,
      this.pageSize,
    );
    for await (const refs of pages) {
      const links = groupBy(
        await this.catalogue.extRefLinks(
          subset,
          refs.map((ref) => ref.id),
        ),
        (row) => row.external_reference_id,
      );
      yield refs.map((ref) => toBundleExtRef(ref, links.get(ref.id) ?? []));
    }
  }

  private async *actorJournalPages(): AsyncGenerator<BundleActorActions[]> {
    const pages = keysetPages(
      (after: { actorName: string; id: number } | null, limit) => this.actors.editsAfter(after, limit),
      null,
      (row: BundleActorEditRow) => ({ actorName: row.actor_name, id: row.id }),
      this.pageSize,
    );
    for await (const runs of runsAcrossPages(pages, (row) => row.actor_name)) {
      yield runs.map((run) => ({ actor_name: run.key, action_actors: run.rows.map(toBundleActionActor) }));
    }
  }
}

async function* mapPages<T, R>(pages: AsyncIterable<T[]>, map: (row: T) => R): AsyncGenerator<R[]> {
  for await (const rows of pages) yield rows.map(map);
}

/** A handful of rows, read with the plan, as one page. */
async function* onePage<T>(rows: T[]): AsyncGenerator<T[]> {
  yield rows;
}
