import type { CatalogueRow } from '../../../server/src/repositories/bulk-insert.repository';
import type { Prng } from './prng';
import { randomTime } from './prng';
import type { SceneFacts } from './scenes';

export interface ReferenceRows {
  references: CatalogueRow<'external_references'>[];
  links: CatalogueRow<'external_reference_links'>[];
}

const iso = (time: number): string => new Date(time).toISOString();

/**
 * External references of a few scenes: alternate-source scenes on the alternate sites (as the alternate scraper
 * writes them, linked by exact title) and StashDB scene links.
 */
export function makeReferences(prng: Prng, facts: SceneFacts[], alternateSites: string[]): ReferenceRows {
  const rows: ReferenceRows = { references: [], links: [] };
  const link = (fact: SceneFacts, source: string, externalId: string, matchType: number, at: string) => {
    rows.links.push({
      internal_table: 'scenes',
      internal_db_id: fact.id,
      internal_name_id: fact.sceneId,
      // The reference just pushed (ids are given explicitly).
      external_reference_id: rows.references.length,
      external_source: source,
      external_id: externalId,
      match_type: matchType,
      udf_datetime1: at,
      created_at: at,
      updated_at: at,
    });
  };

  const alternates = alternateSites.length > 0 ? Math.round(facts.length * 0.015) : 0;
  for (let i = 0; i < alternates; i++) {
    const fact = prng.pick(facts);
    const site = prng.pick(alternateSites);
    const source = `alternate scene ${site}`;
    const externalId = `${site}-${i + 1}`;
    const human = prng.chance(0.3);
    const ai = !human && prng.chance(0.2);
    const published = human || ai ? iso(randomTime(prng, '2021-01-01', '2026-06-30')) : null;
    const at = iso(randomTime(prng, '2023-01-01', '2026-06-30'));
    rows.references.push({
      id: rows.references.length + 1,
      external_source: source,
      external_id: externalId,
      external_url: `https://www.povr.example/alt/${externalId}`,
      external_date: fact.release,
      external_data: JSON.stringify({
        master_site_id: fact.site.id,
        MatchAchieved: 10000,
        query: fact.title,
        scene: { scene_id: externalId, title: fact.title, site: site, human_script: human, ai_script: ai },
      }),
      udf_bool1: human ? 1 : 0,
      udf_bool2: ai ? 1 : 0,
      udf_datetime1: published,
      created_at: at,
      updated_at: at,
    });
    link(fact, source, externalId, prng.chance(0.05) ? 99999 : 10000, at);
  }

  const stash = Math.round(facts.length * 0.03);
  for (const index of prng.distinct(stash, facts.length)) {
    const fact = facts[index] as SceneFacts;
    const externalId = `${prng.hex(8)}-${prng.hex(4)}-${prng.hex(4)}-${prng.hex(4)}-${prng.hex(12)}`;
    const at = iso(randomTime(prng, '2023-01-01', '2026-06-30'));
    rows.references.push({
      id: rows.references.length + 1,
      external_source: 'stashdb scene',
      external_id: externalId,
      external_url: `https://stashdb.org/scenes/${externalId}`,
      external_date: fact.release,
      external_data: JSON.stringify({ id: externalId, title: fact.title }),
      created_at: at,
      updated_at: at,
    });
    link(fact, 'stashdb scene', externalId, 10, at);
  }
  return rows;
}

/** A saved search that combines several filters: the benchmark times the text stored here. */
export function benchPlaylist(searchParams: object): CatalogueRow<'playlists'> {
  return {
    name: 'Bench: combined',
    ordering: 10,
    is_smart: 1,
    is_deo_enabled: 0,
    playlist_type: 'scene',
    search_params: JSON.stringify(searchParams),
  };
}
