import {
  DELETED_LINK_NAME,
  MATCH_TYPE_DELETED,
  MATCH_TYPE_MANUAL,
  type BundleExtRef,
  type BundleExtRefLink,
  type ExtRefSubset,
} from '@fovea/contract';
import type { Insertable } from 'kysely';
import type { ExternalReferenceLinksTable } from '../../db/schema';
import type { BundleRestoreRepository, BundleRestoreTx } from '../../repositories/bundle-restore.repository';
import type { SpooledBundle } from '../spooled-bundle';
import { BatchTally, inBatches, lastByKey } from './apply-batches';
import { NameIndex } from './apply-names';
import { defined, flag, storedTime, whole } from './apply-values';
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
          for (const playlist of records) {
            const values = defined({
              ordering: whole(playlist.ordering),
              is_system: flag(playlist.is_system),
              is_deo_enabled: flag(playlist.is_deo_enabled),
              is_smart: flag(playlist.is_smart),
              search_params: playlist.search_params,
            });
            const id = await groups.playlistId(playlist.name, playlist.playlist_type);
            if (id === undefined) {
              await groups.insertPlaylist({
                ...values,
                name: playlist.name,
                playlist_type: playlist.playlist_type,
              });
              batch.count('added');
            } else if (context.options.overwrite) {
              await groups.updatePlaylist(id, values);
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

/** The links the chosen subset takes: all, the manual alternate-scene matches, or the deleted matches. */
function linksInSubset(links: readonly BundleExtRefLink[], subset: ExtRefSubset): BundleExtRefLink[] {
  if (subset === 'manual_matched') return links.filter((link) => link.match_type === MATCH_TYPE_MANUAL);
  if (subset === 'deleted_match') return links.filter((link) => link.match_type === MATCH_TYPE_DELETED);
  return [...links];
}

/**
 * `externalReferences`: references by source and external id. Their links are re-resolved by internal_table
 * and internal_name_id (a scene by scene_id, an actor by name, a site by id); a deleted link stays deleted; a
 * link whose scene, actor or site is not here is dropped. Overwrite on replaces a known reference and its
 * links; off leaves it. `extRefSubset` narrows the links taken (a reference left with none is skipped).
 */
export class ExtRefSectionApplier implements SectionApplier {
  readonly sections = ['externalReferences'] as const;

  constructor(
    private readonly store: BundleRestoreRepository,
    private readonly batchSize: number,
  ) {}

  async apply(bundle: SpooledBundle, context: ApplyContext): Promise<void> {
    const subset = context.options.extRefSubset;
    await inBatches({
      section: 'externalReferences',
      records: bundle.records('externalReferences'),
      size: this.batchSize,
      context,
      weight: (record) => 1 + (record.xbvr_links?.length ?? 0),
      apply: async (records) => {
        context.tally.count('externalReferences', 'read', records.length);
        const refs = lastByKey(records, (ref) => `${ref.external_source}\u0000${ref.external_id}`);
        const batch = new BatchTally('externalReferences');
        batch.count('skipped', records.length - refs.length);
        await this.store.batch(async (tx) => {
          const resolve = await this.resolver(tx, refs);
          for (const ref of refs) {
            const links = linksInSubset(ref.xbvr_links ?? [], subset);
            if (subset !== '' && subset !== 'all' && links.length === 0) {
              batch.count('skipped');
              continue;
            }
            const id = await tx.groups.referenceId(ref.external_source, ref.external_id);
            if (id !== undefined && !context.options.overwrite) {
              batch.count('skipped');
              continue;
            }
            const values = defined({
              external_url: ref.external_url,
              external_date: storedTime(ref.external_date),
              external_data: ref.external_data,
              udf_bool1: flag(ref.udf_bool1),
              udf_bool2: flag(ref.udf_bool2),
              udf_datetime1: storedTime(ref.udf_datetime1),
            });
            const referenceId =
              id ??
              (await tx.groups.insertReference({
                ...values,
                external_source: ref.external_source,
                external_id: ref.external_id,
              }));
            if (id !== undefined) await tx.groups.updateReference(id, values);
            await tx.groups.setLinks(
              referenceId,
              links.flatMap((link) => resolve(ref, link) ?? []),
            );
            batch.count(id === undefined ? 'added' : 'updated');
          }
        });
        batch.commit(context.tally);
      },
    });
  }

  /** Looks up the batch's scenes, actors and sites once; answers a link's row, or null when its target is gone. */
  private async resolver(
    tx: BundleRestoreTx,
    refs: readonly BundleExtRef[],
  ): Promise<(ref: BundleExtRef, link: BundleExtRefLink) => LinkRow | null> {
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
      let dbId: number | undefined = 0;
      if (!deleted) {
        if (link.internal_table === 'scenes') dbId = scenes.get(link.internal_name_id);
        else if (link.internal_table === 'actors') dbId = actors.get(link.internal_name_id);
        else dbId = sites.has(link.internal_name_id) ? 0 : undefined;
      }
      if (dbId === undefined) return null;
      return {
        internal_table: link.internal_table,
        internal_db_id: dbId,
        internal_name_id: deleted ? DELETED_LINK_NAME : link.internal_name_id,
        external_source: link.external_source ?? ref.external_source,
        external_id: link.external_id ?? ref.external_id,
        match_type: deleted ? MATCH_TYPE_DELETED : whole(link.match_type),
        udf_datetime1: storedTime(link.udf_datetime1),
      };
    };
  }
}
