import type { Insertable } from 'kysely';
import type {
  Database,
  ExternalReferenceLinksTable,
  ExternalReferencesTable,
  SitesTable,
} from '../../src/db/schema';

let counter = 0;
const next = () => ++counter;

/** Sites, external references and their links for tests; every helper returns the new row's id. */
export function extrefFactory(db: Database) {
  return {
    /**
     * A site (studio/scraper); `master_site_id` makes it an alternate source of that site. A site the built-in
     * definitions already registered takes the given values.
     */
    async site(id: string, values: Partial<Insertable<SitesTable>> = {}): Promise<string> {
      const row = { name: id, ...values, id };
      await db
        .insertInto('sites')
        .values(row)
        .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
        .execute();
      return id;
    },

    /** An external reference; any column may be given. */
    async reference(
      values: Partial<Insertable<ExternalReferencesTable>> & { external_source: string },
    ): Promise<number> {
      const n = next();
      const row = await db
        .insertInto('external_references')
        .values({
          external_id: `ext-${n}`,
          external_url: `https://example.com/scene/${n}`,
          external_data: JSON.stringify({ title: `External ${n}` }),
          ...values,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** A link of a reference (its source and id copied onto the link), to a scene unless told otherwise. */
    async link(
      referenceId: number,
      values: Partial<Insertable<ExternalReferenceLinksTable>> = {},
    ): Promise<number> {
      const reference = await db
        .selectFrom('external_references')
        .select(['external_source', 'external_id'])
        .where('id', '=', referenceId)
        .executeTakeFirstOrThrow();
      const row = await db
        .insertInto('external_reference_links')
        .values({
          internal_table: 'scenes',
          match_type: 10000,
          udf_datetime1: '2024-01-02T03:04:05.000Z',
          ...values,
          external_reference_id: referenceId,
          external_source: reference.external_source,
          external_id: reference.external_id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** An alternate-site scene ("alternate scene <siteId>") with the external_data the scraper writes. */
    async alternateScene(
      siteId: string,
      externalId: string,
      values: Partial<Insertable<ExternalReferencesTable>> = {},
    ): Promise<number> {
      return this.reference({
        external_source: `alternate scene ${siteId}`,
        external_id: externalId,
        external_url: `https://${siteId}.example.com/${externalId}`,
        external_date: '2024-03-01T00:00:00.000Z',
        external_data: JSON.stringify({
          master_site_id: 'wankzvr',
          MatchAchieved: -1,
          query: `title:"${externalId}"`,
          scene: { title: `Alt ${externalId}`, cast: null },
        }),
        ...values,
      });
    },
  };
}
