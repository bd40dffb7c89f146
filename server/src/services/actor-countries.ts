/*
 * Countries by ISO 3166-1 alpha-2 code, with English names from the runtime's region names (Intl): the actor
 * edit form's nationality and the list's "Nationality <name>" attributes.
 */

/**
 * Region codes Intl knows that are not countries today: unions, pseudo-locales, "unknown", and the withdrawn
 * codes Intl still names (SU "Russia", UK "United Kingdom", DD "Germany", YU "Serbia"...), which would
 * otherwise take a country's name from its real code.
 */
const NOT_COUNTRIES = new Set([
  ...['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ'],
  ...['AN', 'BU', 'CS', 'DD', 'DY', 'FX', 'HV', 'NH', 'RH', 'SU', 'TP', 'UK', 'VD', 'YD', 'YU', 'ZR'],
]);

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** ISO 3166-1 alpha-2 code → English name, from the runtime's region names. */
function countryNames(): Map<string, string> {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const byCode = new Map<string, string>();
  for (const first of LETTERS) {
    for (const second of LETTERS) {
      const code = first + second;
      const name = names.of(code);
      if (name && !NOT_COUNTRIES.has(code)) byCode.set(code, name);
    }
  }
  return byCode;
}

let codeToName: Map<string, string> | null = null;
let nameToCode: Map<string, string> | null = null;

/**
 * The country code for a nationality as the actor edit form sends it: a 2-letter code or an English country
 * name (any case). null when it names no country.
 */
export function countryCode(value: string): string | null {
  codeToName ??= countryNames();
  nameToCode ??= new Map([...codeToName].map(([code, name]) => [name.toLowerCase(), code]));
  const text = value.trim();
  const upper = text.toUpperCase();
  if (codeToName.has(upper)) return upper;
  return nameToCode.get(text.toLowerCase()) ?? null;
}

/** The English name of a 2-letter code; the text itself when it is no such code. */
export function countryName(code: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return code;
  codeToName ??= countryNames();
  return codeToName.get(code.toUpperCase()) ?? code;
}

/** Every country (code and English name), by name. */
export function allCountries(): { code: string; name: string }[] {
  codeToName ??= countryNames();
  return [...codeToName]
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.code.localeCompare(b.code));
}
