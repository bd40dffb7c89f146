/** A ThePornDB page or API URL: its kind (scenes or jav) and slug (scraper-sites §4). */
export interface TpdbTarget {
  kind: 'scenes' | 'jav';
  slug: string;
}

const TPDB_PATH = /theporndb\.net\/(scenes|jav)\/([^?#]+)/;

/** theporndb.net/scenes/<slug> or api.theporndb.net/jav/<slug> (query and trailing slash dropped), else null. */
export function parseTpdbUrl(url: string): TpdbTarget | null {
  const match = TPDB_PATH.exec(url.trim());
  const slug = match?.[2]?.replace(/\/+$/, '') ?? '';
  if (!match || slug === '') return null;
  return { kind: match[1] === 'jav' ? 'jav' : 'scenes', slug };
}
