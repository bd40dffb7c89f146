import {
  DELETED_LINK_NAME,
  MATCH_TYPE_DELETED,
  MATCH_TYPE_MANUAL,
  type BundleExtRef,
  type BundleExtRefLink,
  type ExtRefSubset,
} from '@fovea/contract';
import type { Insertable, Selectable } from 'kysely';
import type { ExternalReferenceLinksTable, PlaylistsTable } from '../../db/schema';
import type { BundleRestoreRepository, BundleRestoreTx } from '../../repositories/bundle-restore.repository';
import type { SpooledBundle } from '../spooled-bundle';
import { BatchTally, inBatches, lastByKey } from './apply-batches';
import { NameIndex } from './apply-names';
import { defined, flag, storedTime, unchanged, whole } from './apply-values';
import type { ApplyContext, SectionApplier } from './section-applier';

/** `playlists`: saved searches by name and type; overwrite on takes the bundle's values over a known one. */
export class PlaylistSectionApplier implements SectionApplier {
  readonly sections = ['playlists'] as const;

  constructor(
    private readonly store: BundleRestoreRepository,
    private readonly batchSize: number,
  ) {}

  async apply(bundle: SpooledBundle, context: ApplyContext): Promise<void> {
    await inBatches({
      section: 'playlists',
      records: bundle.records('playlists'),
      size: this.batchSize,
      context,
      apply: async (records) => {
        context.tally.count('playlists', 'read', records.length);
        const batch = new BatchTally('playlists');
        await this.store.batch(async ({ groups }) => {
          const stored = new Map<string, Selectable<PlaylistsTable>>();
          for (const row of await groups.playlistsNamed(records.map((playlist) => playlist.name))) {
            const key = `${row.playlist_type}\u0000${row.name}`;
            if (!stored.has(key)) stored.set(key, row);
          }
          for (const playlist of records) {
            const values = defined({
              ordering: whole(playlist.ordering),
              is_system: flag(playlist.is_system),
              is_deo_enabled: flag(playlist.is_deo_enabled),
              is_smart: flag(playlist.is_smart),
              search_params: playlist.search_params,
            });
            const key = `${playlist.playlist_type}\u0000${playlist.name}`;
            const row = stored.get(key);
            if (row === undefined) {
              const row = { ...values, name: playlist.name, playlist_type: playlist.playlist_type };
              stored.set(key, await groups.insertPlaylist(row));
              batch.count('added');
            } else if (context.options.overwrite && !unchanged(values, row)) {
              await groups.updatePlaylist(row.id, values);
              stored.set(key, { ...row, ...values });
              batch.count('updated');
            } else batch.count('skipped');
          }
        });
        batch.commit(context.tally);
      },
    });
  }
}

type LinkRow = Omit<Insertable<ExternalReferenceLinksTable>, 'external_reference_id'>;

/** A link resolved to this library, or why it cannot be. */
type Resolved = { row: LinkRow } | { missing: string };

/** The links the chosen subset takes: all, the manual alternate-scene matches, or the deleted matches. */
function linksInSubset(links: readonly BundleExtRefLink[], subset: ExtRefSubset): BundleExtRefLink[] {
  if (subset === 'manual_matched') return links.filter((link) => link.match_type === MATCH_TYPE_MANUAL);
  if (subset === 'deleted_match') return links.filter((link) => link.match_type === MATCH_TYPE_DELETED);
  return [...links];
}

/** A link's content, for comparing the links a reference has with the ones it would get. */
const linkContent = (link: LinkRow): string =>
  JSON.stringify([
    link.internal_table,
    link.internal_db_id ?? 0,
    link.internal_name_id ?? '',
    link.external_source,
    link.external_id,
    link.match_type ?? 0,
    link.udf_datetime1 ?? null,
  ]);

const sameLinks = (stored: readonly LinkRow[], wanted: readonly LinkRow[]): boolean => {
  if (stored.length !== wanted.length) return false;
  const a = stored.map(linkContent).sort();
  const b = wanted.map(linkContent).sort();
  return a.every((content, index) => content === b[index]);
};

const refKey = (source: string, externalId: string) => `${source}\u0000${externalId}`;

/**
 * `externalReferences`: references by source and external id. Their links are re-resolved by internal_table
 * and internal_name_id (a scene by scene_id, an actor by name, a site by id); a deleted link stays deleted; a
 * link whose scene, actor or site is not here is rejected ('no such scene …'), the reference kept without it.
 * Overwrite on replaces a known reference and its links (skipped when they are already so); off leaves it.
 * `extRefSubset` narrows the links taken (a reference left with none is skipped).
 */
export class ExtRefSectionApplier implements SectionApplier {
  readonly sections = ['externalReferences'] as const;

  constructor(
    private readonly store: BundleRestoreRepository,
    private readonly batchSize: number,
  ) {}

  async apply(bundle: SpooledBundle, context: ApplyContext): Promise<void> {
    await inBatches({
      section: 'externalReferences',
      records: bundle.records('externalReferences'),
      size: this.batchSize,
      context,
      weight: (record) => 1 + (record.xbvr_links?.length ?? 0),
      apply: async (records) => {
        context.tally.count('externalReferences', 'read', records.length);
        const refs = lastByKey(records, (ref) => refKey(ref.external_source, ref.external_id));
        const batch = new BatchTally('externalReferences');
        batch.count('skipped', records.length - refs.length);
        await this.store.batch((tx) => this.write(tx, refs, context, batch));
        batch.commit(context.tally);
      },
    });
  }

  private async write(
    tx: BundleRestoreTx,
    refs: readonly BundleExtRef[],
    context: ApplyContext,
    batch: BatchTally,
  ): Promise<void> {
    const subset = context.options.extRefSubset;
    const resolve = await this.resolver(tx, refs);
    const stored = new Map(
      (await tx.groups.referencesOf(refs.map((ref) => [ref.external_source, ref.external_id] as const))).map(
        (row) => [refKey(row.external_source, row.external_id), row],
      ),
    );
    const storedLinks = new Map<number, LinkRow[]>();
    for (const link of await tx.groups.linksOf([...stored.values()].map((row) => row.id)))
      storedLinks.set(link.external_reference_id, [
        ...(storedLinks.get(link.external_reference_id) ?? []),
        link,
      ]);
    for (const ref of refs) {
      const links = linksInSubset(ref.xbvr_links ?? [], subset);
      if (subset !== '' && subset !== 'all' && links.length === 0) {
        batch.count('skipped');
        continue;
      }
      const row = stored.get(refKey(ref.external_source, ref.external_id));
      if (row !== undefined && !context.options.overwrite) {
        batch.count('skipped');
        continue;
      }
      const wanted: LinkRow[] = [];
      for (const link of links) {
        const resolved = resolve(ref, link);
        if ('row' in resolved) wanted.push(resolved.row);
        else batch.reject(`${ref.external_source} ${ref.external_id}`, resolved.missing);
      }
      const values = defined({
        external_url: ref.external_url,
        external_date: storedTime(ref.external_date),
        external_data: ref.external_data,
        udf_bool1: flag(ref.udf_bool1),
        udf_bool2: flag(ref.udf_bool2),
        udf_datetime1: storedTime(ref.udf_datetime1),
      });
      if (row === undefined) {
        const id = await tx.groups.insertReference({
          ...values,
          external_source: ref.external_source,
          external_id: ref.external_id,
        });
        await tx.groups.setLinks(id, wanted);
        batch.count('added');
      } else if (unchanged(values, row) && sameLinks(storedLinks.get(row.id) ?? [], wanted)) {
        batch.count('skipped');
      } else {
        await tx.groups.updateReference(row.id, values);
        await tx.groups.setLinks(row.id, wanted);
        batch.count('updated');
      }
    }
  }

  /** Looks up the batch's scenes, actors and sites once; answers a link's row, or why its target is not here. */
  private async resolver(
    tx: BundleRestoreTx,
    refs: readonly BundleExtRef[],
  ): Promise<(ref: BundleExtRef, link: BundleExtRefLink) => Resolved> {
    const links = refs.flatMap((ref) => ref.xbvr_links ?? []);
    const named = (table: string) =>
      links
        .filter((l) => l.internal_table === table && l.internal_name_id !== DELETED_LINK_NAME)
        .map((l) => l.internal_name_id);
    const scenes = await tx.groups.sceneIds(named('scenes'));
    const actors = new NameIndex(await tx.catalogue.actorsNamed(named('actors')));
    const sites = await tx.groups.siteIds(named('sites'));
    return (ref, link) => {
      const deleted = link.internal_name_id === DELETED_LINK_NAME || link.match_type === MATCH_TYPE_DELETED;
      const name = link.internal_name_id;
      let dbId: number | undefined = 0;
      if (!deleted) {
        if (link.internal_table === 'scenes') dbId = scenes.get(name);
        else if (link.internal_table === 'actors') dbId = actors.get(name);
        else dbId = sites.has(name) ? 0 : undefined;
      }
      if (dbId === undefined) {
        const what =
          link.internal_table === 'scenes' ? 'scene' : link.internal_table === 'actors' ? 'actor' : 'site';
        return { missing: `no such ${what} ${name}` };
      }
      return {
        row: {
          internal_table: link.internal_table,
          internal_db_id: dbId,
          internal_name_id: deleted ? DELETED_LINK_NAME : name,
          external_source: link.external_source ?? ref.external_source,
          external_id: link.external_id ?? ref.external_id,
          match_type: deleted ? MATCH_TYPE_DELETED : (whole(link.match_type) ?? 0),
          udf_datetime1: storedTime(link.udf_datetime1) ?? null,
        },
      };
    };
  }
}
