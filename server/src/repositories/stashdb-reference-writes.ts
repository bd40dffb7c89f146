import type { Database } from '../db/schema';
import type { StashdbReference } from './stashdb-link.repository';

const now = () => new Date().toISOString();

/** What a StashDB reference is linked to. */
export interface StashdbLinkTarget {
  internal_table: 'scenes' | 'actors' | 'sites';
  internal_db_id: number;
  internal_name_id: string;
  match_type: number;
}

/**
 * Inserts a StashDB reference of `source`, or updates the one with its id ('keep': its URL only; 'replace':
 * URL, date and data); answers its row id. Shared by the manual links and the linking run.
 */
export async function writeStashdbReference(
  db: Database,
  source: string,
  reference: StashdbReference,
  existing: 'keep' | 'replace',
): Promise<number> {
  const stamp = now();
  const refresh =
    existing === 'replace'
      ? {
          external_url: reference.external_url,
          external_date: reference.external_date,
          external_data: reference.external_data,
          updated_at: stamp,
        }
      : { external_url: reference.external_url };
  const row = await db
    .insertInto('external_references')
    .values({ external_source: source, ...reference, created_at: stamp, updated_at: stamp })
    .onConflict((oc) => oc.columns(['external_source', 'external_id']).doUpdateSet(refresh))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Adds a link of a StashDB reference, stamped now (`udf_datetime1`: when it was linked). */
export async function insertStashdbLink(
  db: Database,
  referenceId: number,
  source: string,
  externalId: string,
  target: StashdbLinkTarget,
): Promise<void> {
  const stamp = now();
  await db
    .insertInto('external_reference_links')
    .values({
      ...target,
      external_reference_id: referenceId,
      external_source: source,
      external_id: externalId,
      udf_datetime1: stamp,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
}
