/** The `unit` step's conversions; each answers '' when the text holds no number it can read. */

function firstNumber(text: string): number | null {
  const match = /(\d+(?:[.,]\d+)?)/.exec(text);
  return match ? Number((match[1] ?? '').replace(',', '.')) : null;
}

export function inchesToCm(text: string): string {
  const inches = firstNumber(text);
  return inches === null ? '' : String(Math.round(inches * 2.54));
}

/** `5'7"`, `5' 7`, `5 ft 7 in`, `5ft`. */
export function feetInchesToCm(text: string): string {
  const match =
    /(\d+)\s*(?:'|’|ft\.?|feet|foot)\s*(?:(\d+(?:\.\d+)?)\s*(?:"|”|''|in\.?|inch(?:es)?)?)?/i.exec(text);
  if (!match) return '';
  const inches = Number(match[1]) * 12 + Number(match[2] ?? 0);
  return String(Math.round(inches * 2.54));
}

export function lbsToKg(text: string): string {
  const pounds = firstNumber(text);
  return pounds === null ? '' : String(Math.round(pounds * 0.45359237));
}
