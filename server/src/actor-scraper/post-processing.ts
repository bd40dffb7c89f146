import { load, type Cheerio } from 'cheerio';
import type { AnyNode } from 'domhandler';
import { jsonGet, jsonString } from '../players/trailers/json-path';
import { countryCode } from '../services/actor-countries';
import { parseGoDate } from './go-date';
import { goRegex, goReplacement } from './go-regex';
import type { PostProcessing, SubRule } from './rule-set.schema';

/** One value a rule read: its text and, on an HTML page, the element it came from (for the DOM functions). */
export interface ScrapeValue {
  text: string;
  node: Cheerio<AnyNode> | null;
}

/** What the functions need besides the value: the page's URL (AbsoluteUrl). */
export interface PostContext {
  pageUrl: string;
}

const CM_PER_INCH = 2.54;
const KG_PER_LB = 0.453592;

/** Nationalities the reference maps before asking for a country by name (scraper-sites §7.2). */
const COUNTRY_WORDS: Readonly<Record<string, string>> = {
  'united states': 'US',
  american: 'US',
  us: 'US',
  english: 'GB',
  scottish: 'GB',
};

/** Lookup Country: a 2-letter code for a country name or code (the local country list); else the input. */
export function lookupCountry(text: string): string {
  const value = text.trim();
  return COUNTRY_WORDS[value.toLowerCase()] ?? countryCode(value) ?? value;
}

/** HTML entities decoded (Go's html.UnescapeString); tags are left as they are. */
export function unescapeHtml(text: string): string {
  if (!text.includes('&')) return text;
  return load(`<div>${text.replace(/</g, '&lt;')}</div>`, null, false)('div').text();
}

/** Parse Date: ordinal suffixes removed as the reference does, then the Go layout; '' when it does not parse. */
export function parseDate(text: string, layout: string): string {
  const cleaned = text.replace(/1st/g, '1').replace(/nd|rd|th/g, '');
  return parseGoDate(cleaned.trim(), layout) ?? '';
}

function number(text: string): number | null {
  const value = Number.parseFloat(text.trim());
  return Number.isFinite(value) ? value : null;
}

const scaled = (text: string, factor: number) => {
  const value = number(text);
  return value === null ? '' : String(Math.round(value * factor));
};

/** Feet+Inches to cm: the regex's feet and inch groups as centimetres; the text unchanged without a match. */
export function feetInchesToCm(text: string, params: readonly string[]): string {
  const match = goRegex(params[0] ?? '').exec(text);
  if (!match) return text;
  const feet = Number(match[Number(params[1] ?? 1)] ?? 0) || 0;
  const inches = Number(match[Number(params[2] ?? 2)] ?? 0) || 0;
  return String(Math.round((feet * 12 + inches) * CM_PER_INCH));
}

/** RegexString: group 0 is the whole first match, group n its nth capture; '' when missing. */
export function regexString(text: string, pattern: string, group: string): string {
  const match = goRegex(pattern).exec(text);
  return match?.[Number(group) || 0] ?? '';
}

function absoluteUrl(text: string, base: string): string {
  try {
    return new URL(text.trim(), base).href;
  } catch {
    return '';
  }
}

/** The elements of a (sub-)rule inside `scope`, in its 1-based first..last range (0: unbounded). */
export function inRange<T>(items: readonly T[], first: number, last: number): T[] {
  return items.slice(first > 0 ? first - 1 : 0, last > 0 ? last : undefined);
}

/** The value of one element as a rule's result_type asks for it. */
export function elementValue(node: Cheerio<AnyNode>, resultType: string, attribute: string): string {
  if (resultType === 'attr') return node.attr(attribute) ?? '';
  if (resultType === 'html') return node.html() ?? '';
  return node.text().trim();
}

/** CollyForEach: the sub-rule run on the elements it selects inside the value's element. */
function forEach(value: ScrapeValue, rule: SubRule | null | undefined, context: PostContext): ScrapeValue[] {
  if (!value.node || !rule) return [];
  const found = value.node.find(rule.selector);
  const indexes = inRange([...Array(found.length).keys()], rule.first, rule.last);
  const values = indexes.map((index) => {
    const node = found.eq(index);
    return { text: elementValue(node, rule.result_type, rule.attribute), node };
  });
  return applyChain(values, rule.post_processing, context);
}

/** DOMNextText: the text node right after the element, trimmed. */
function nextText(node: Cheerio<AnyNode> | null): string {
  const element = node?.get(0);
  let sibling = element?.nextSibling ?? null;
  while (sibling && sibling.type === 'comment') sibling = sibling.nextSibling;
  return sibling && sibling.type === 'text' && 'data' in sibling ? String(sibling.data).trim() : '';
}

/** One function on one value; most give one value, CollyForEach any number. */
function applyOne(value: ScrapeValue, step: PostProcessing, context: PostContext): ScrapeValue[] {
  const [a = '', b = ''] = step.params;
  const text = (next: string): ScrapeValue[] => [{ text: next, node: value.node }];
  const t = value.text;
  switch (step.post_processing) {
    case 'Lookup Country':
      return text(lookupCountry(t));
    case 'Parse Date':
      return text(parseDate(t, a));
    case 'inch to cm':
      return text(scaled(t, CM_PER_INCH));
    case 'Feet+Inches to cm':
      return text(feetInchesToCm(t, step.params));
    case 'lbs to kg':
      return text(scaled(t, KG_PER_LB));
    case 'jsonString': {
      try {
        return text(unescapeHtml(jsonString(jsonGet(JSON.parse(t) as unknown, a))).trim());
      } catch {
        return text('');
      }
    }
    case 'RegexString':
      return text(regexString(t, a, b));
    case 'RegexReplaceAll':
      return text(t.replace(goRegex(a, 'g'), goReplacement(b)));
    case 'Replace':
      return text(t.replace(a, b));
    case 'AbsoluteUrl':
      return text(absoluteUrl(t, context.pageUrl));
    case 'RemoveQueryParams':
      return text(t.split('?')[0] ?? '');
    case 'CollyForEach':
      return forEach(value, step.sub_rule, context);
    case 'DOMNext':
      return text(value.node?.next().text().trim() ?? '');
    case 'DOMNextText':
      return text(nextText(value.node));
    case 'SetWhenValueContains':
      return text(t.includes(a) ? b : t);
    case 'SetWhenValueNotContains':
      return text(t.includes(a) ? t : b);
    case 'UnescapeString':
      return text(unescapeHtml(t));
  }
}

/**
 * A rule's post-processing chain over its values, in order. A function that cannot apply (no match, not a
 * date, not JSON) leaves an empty value, which the field assignment ignores.
 */
export function applyChain(
  values: readonly ScrapeValue[],
  steps: readonly PostProcessing[],
  context: PostContext,
): ScrapeValue[] {
  let current = [...values];
  for (const step of steps) current = current.flatMap((value) => applyOne(value, step, context));
  return current;
}
