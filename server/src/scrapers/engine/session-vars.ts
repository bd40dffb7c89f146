import { jsonGet } from '../../players/trailers/json-path';
import type { ScraperDefinition, SiteEntry } from '../definitions/definition.schema';
import type { ScrapeFetcher, ScrapeResponse } from '../http/scrape-fetcher';
import { jsonStrings } from './extract';
import { fetchRequest, renderRequest, requestKey, requestUrlTemplate } from './requests';
import { parseJsonLoose } from './scene-document';
import { mapResolver } from './template';

/**
 * Session values (`session: [{name, url, regex | json}]`): fetched once per run, before the walk, in order
 * (a later one may use an earlier one), and handed to every template as `{session.<name>}`. A value that
 * cannot be read ends the run: without its token or key no request of the site would work.
 */

export class SessionValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SessionValueError';
  }
}

/** Reads one value from an answer: regex group 1 first (if any), then the json path on that text. */
export function readSessionValue(text: string, spec: { regex?: string; json?: string }): string {
  let current = text;
  if (spec.regex !== undefined) {
    const match = new RegExp(spec.regex).exec(current);
    if (!match) return '';
    current = match[1] ?? match[0];
  }
  if (spec.json !== undefined) {
    return jsonStrings(jsonGet(parseJsonLoose(current), spec.json))[0] ?? '';
  }
  return current.trim();
}

/** The site with its session values as `session.<name>` variables (the definition's own site untouched). */
export async function withSessionValues(
  definition: ScraperDefinition,
  site: SiteEntry,
  fetcher: ScrapeFetcher,
  signal: AbortSignal,
): Promise<SiteEntry> {
  if (definition.session.length === 0) return site;
  const vars: Record<string, string> = { ...site.vars };
  let current: SiteEntry = site;
  // Values read from the same request share one fetch.
  const answers = new Map<string, ScrapeResponse>();
  for (const spec of definition.session) {
    const request = renderRequest(spec.url, mapResolver(vars), definition, current);
    if (request === null) {
      throw new SessionValueError(`session value ${spec.name}: no URL (${requestUrlTemplate(spec.url)})`);
    }
    const expect = spec.regex === undefined ? 'json' : 'html';
    const key = requestKey(request);
    const response = answers.get(key) ?? (await fetchRequest(fetcher, request, expect, signal));
    answers.set(key, response);
    const value = readSessionValue(response.text, spec);
    if (value === '') throw new SessionValueError(`session value ${spec.name} not found on ${response.url}`);
    vars[`session.${spec.name}`] = value;
    current = { ...site, vars: { ...vars } };
  }
  return current;
}
