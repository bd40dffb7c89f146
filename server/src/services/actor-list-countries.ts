/** English country names for the actor nationality filter ("Nationality Czechia" for "CZ"). */
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** The English name of an ISO 3166-1 alpha-2 code; the text itself when it is no such code. */
export function countryName(code: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return code;
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
