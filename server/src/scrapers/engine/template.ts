/**
 * Definition templates: `{name}` is replaced by a variable, `{slug:name}`, `{lower:name}` and `{url:name}`
 * transform it, `{slug_noquote:name}` is the slug without apostrophes (`It's` -> `its`), `{json:name}` escapes it for the inside of a JSON string (request bodies). Variables come from a resolver (site vars, page numbers, scene fields, `item.<path>`...).
 * Nothing is evaluated: an unknown variable renders as '' and is reported in `missing`.
 */

/** Looks a variable up; '' or undefined means "empty". */
export type VarResolver = (name: string) => string | undefined;

export interface Rendered {
  text: string;
  /** Variables the template used that were empty or unknown. */
  missing: string[];
}

const PLACEHOLDER = /\{(?:(slug_noquote|slug|lower|url|json):)?([a-zA-Z_][a-zA-Z0-9_]*(?:\.[^{}]+)?)\}/g;

const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  ø: 'o',
  Ø: 'O',
  œ: 'oe',
  Œ: 'OE',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ı: 'i',
};

/** ASCII transliteration good enough for Latin scripts: decomposed accents dropped, a few letters spelled out. */
export function toAscii(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^ -~]/g, (char) => SPECIAL_LETTERS[char] ?? char);
}

/**
 * slug(x) as scraper-sites.md §1 defines it: transliterate to ASCII, runs of characters other than
 * [-a-zA-Z0-9] become '-', repeated '-' collapse, '-' trimmed at both ends, lower case.
 */
export function slugify(text: string): string {
  return toAscii(text)
    .replace(/[^-a-zA-Z0-9]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
}

/** The variable names a template refers to. */
export function templateVariables(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[2] ?? '');
}

export function renderTemplate(template: string, resolve: VarResolver): Rendered {
  const missing: string[] = [];
  const text = template.replace(PLACEHOLDER, (_whole, transform: string | undefined, name: string) => {
    const value = resolve(name) ?? '';
    if (value === '') missing.push(name);
    if (transform === 'slug') return slugify(value);
    if (transform === 'slug_noquote') return slugify(value.replace(/['\u2019]/g, ''));
    if (transform === 'lower') return value.toLowerCase();
    if (transform === 'url') return encodeURIComponent(value);
    if (transform === 'json') return JSON.stringify(value).slice(1, -1);
    return value;
  });
  return { text, missing };
}

/** A resolver over plain maps, the first map holding the name wins. */
export function mapResolver(...maps: readonly Readonly<Record<string, string>>[]): VarResolver {
  return (name) => {
    for (const map of maps) {
      if (Object.hasOwn(map, name)) return map[name];
    }
    return undefined;
  };
}
