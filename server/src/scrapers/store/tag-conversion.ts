/*
 * The tag conversion every scraped tag goes through before it is stored (scraper-sites §1.9): lower case and
 * trimmed, a list of tags that say nothing about a scene dropped, and synonyms turned into one name. The rules
 * are data: add a word to DROPPED_TAGS or a line to TAG_SYNONYMS.
 */

/** Tags that are dropped: resolution and format markers, the site's own genre, placeholders. */
export const DROPPED_TAGS: ReadonlySet<string> = new Set([
  '180',
  '60fps',
  '60 fps',
  '5k',
  '5k+',
  'big dick',
  'big cocks',
  'axaxqxrrysrwqua',
  'girl-boy',
  'virtual reality',
  'sex',
  'new',
  'virtual reality porn',
  'vr porn',
  '8k-vr-porn',
  '7k-vr-porn',
  '6k-vr-porn',
  '5k-vr-porn',
  '4k-vr-porn',
  '180 vr porn',
  'xxxsex vr',
  'xxx vr porn',
  'sex onbed',
  'pornstars',
  'vr',
  'vrp',
  'bg',
  'coming soon',
  'vr 1080p porn',
]);

/** One name for several spellings: [the stored name, the spellings that become it]. */
export const TAG_SYNONYMS: readonly (readonly [string, readonly string[]])[] = [
  ['69', ['sixty-nine']],
  ['anal sex', ['anal']],
  ['doggystyle', ['doggy', 'doggy style']],
  ['cum on face', ['facial', 'facials']],
  ['milf', ['milfs', 'cougar', 'mom']],
  ['teen', ['teens', '18']],
  ['squirting', ['squirt']],
  ['sex toys', ['toys', 'vibrator']],
  ['masturbation', ['fingering']],
  ['group sex', ['group']],
];

const SYNONYM_OF: ReadonlyMap<string, string> = new Map(
  TAG_SYNONYMS.flatMap(([name, spellings]) => spellings.map((spelling) => [spelling, name] as const)),
);

/** The stored name of a scraped tag, or null when it is dropped (or blank). */
export function convertTag(raw: string): string | null {
  const tag = raw.trim().toLowerCase();
  if (tag === '' || DROPPED_TAGS.has(tag)) return null;
  return SYNONYM_OF.get(tag) ?? tag;
}

/** A scene's scraped tags converted, without the dropped ones and without repeats, in their first order. */
export function convertTags(raw: readonly string[]): string[] {
  const tags = new Set<string>();
  for (const entry of raw) {
    const tag = convertTag(entry);
    if (tag !== null) tags.add(tag);
  }
  return [...tags];
}
