import { load } from 'cheerio';
import { jsonGet, jsonString } from '../players/trailers/json-path';
import { applyChain, elementValue, inRange, type ScrapeValue } from './post-processing';
import type { ActorScrapeField, Rule, RuleSet } from './rule-set.schema';

/** What a profile page gave: every non-empty value per field, in rule order. */
export type ScrapedActorFields = Map<ActorScrapeField, string[]>;

/** A fetched profile page. */
export interface ActorPage {
  url: string;
  text: string;
}

function addValues(fields: ScrapedActorFields, field: ActorScrapeField, values: readonly ScrapeValue[]) {
  const texts = values.map((value) => value.text.trim()).filter((text) => text !== '');
  if (texts.length === 0) return;
  fields.set(field, [...(fields.get(field) ?? []), ...texts]);
}

/** A rule's raw values on an HTML page: one per selected element in its range. */
function htmlValues($: ReturnType<typeof load>, rule: Rule): ScrapeValue[] {
  const found = $(rule.selector);
  const indexes = inRange([...Array(found.length).keys()], rule.first, rule.last);
  return indexes.map((index) => {
    const node = found.eq(index);
    return { text: elementValue(node, rule.result_type, rule.attribute), node };
  });
}

/** A rule's raw values on a JSON page: the value at its path (an array gives one value per element). */
function jsonValues(document: unknown, rule: Rule): ScrapeValue[] {
  const found = jsonGet(document, rule.selector);
  if (found === undefined || found === null) return [];
  const items = Array.isArray(found) ? inRange(found as unknown[], rule.first, rule.last) : [found];
  return items.map((item) => ({ text: jsonString(item), node: null }));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Reads an actor profile page with a rule set (scraper-sites §7.1): each rule selects its elements (CSS on
 * HTML, a gjson path on JSON), takes their text, attribute or inner HTML, and runs its post-processing chain.
 * A rule whose selector cheerio cannot read gives nothing; the page is never half-read because of one rule.
 */
export function readActorPage(set: RuleSet, page: ActorPage): ScrapedActorFields {
  const fields: ScrapedActorFields = new Map();
  const context = { pageUrl: page.url };
  if (set.isJson) {
    const document = parseJson(page.text);
    if (document === undefined) return fields;
    for (const rule of set.rules) {
      addValues(
        fields,
        rule.xbvr_field,
        applyChain(jsonValues(document, rule), rule.post_processing, context),
      );
    }
    return fields;
  }
  const $ = load(page.text);
  for (const rule of set.rules) {
    try {
      addValues(fields, rule.xbvr_field, applyChain(htmlValues($, rule), rule.post_processing, context));
    } catch {
      // A selector cheerio cannot read: this rule gives nothing, the others still count.
    }
  }
  return fields;
}
