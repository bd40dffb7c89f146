import type { Cheerio } from 'cheerio';
import type { AnyNode } from 'domhandler';
import { jsonGet } from '../../players/trailers/json-path';
import type { Extractor } from '../definitions/definition.schema';
import {
  cardScope,
  jsonScope,
  jsonText,
  NO_SCOPE,
  type HtmlPage,
  type Scope,
  type SceneDocument,
} from './scene-document';
import { applySteps } from './steps';
import { renderTemplate, type VarResolver } from './template';

/**
 * Runs one extractor: picks its source in the scene document, reads the matches (elements by `sel`, JSON
 * values by `json`, group 1 of `regex` matches, or a `value` template), then applies its steps. Every
 * failure is an empty list.
 */

export interface ExtractContext {
  doc: SceneDocument;
  vars: VarResolver;
}

/** The scope an extractor's `from` names in a scene document. */
export function sourceScope(extractor: Extractor, doc: SceneDocument): Scope {
  const page: HtmlPage | null = doc.html;
  if (extractor.from.startsWith('extra:')) {
    const extra = doc.extras?.[extractor.from.slice('extra:'.length)];
    if (extra === undefined) return NO_SCOPE;
    return extra.html ? extra.html.scope() : jsonScope(extra.json);
  }
  switch (extractor.from) {
    case 'page':
      if (page) return page.scope();
      return jsonScope(doc.json);
    case 'listing':
      if (doc.card) return cardScope(doc.card);
      return jsonScope(doc.item);
    case 'ld_json': {
      const blocks = page ? page.ldJson() : [];
      return blocks.length === 0 ? NO_SCOPE : { kind: 'json', values: blocks, raw: jsonText(blocks) };
    }
    case 'next_data':
      return page ? jsonScope(page.nextDataJson()) : NO_SCOPE;
    case 'script': {
      if (!page || extractor.script === undefined) return NO_SCOPE;
      const { value, raw } = page.scriptJson(extractor.script);
      return { kind: 'json', values: value === undefined ? [] : [value], raw: () => raw };
    }
    case 'url':
      return { kind: 'json', values: [doc.url], raw: () => doc.url };
    default:
      return NO_SCOPE;
  }
}

/** Strings of a JSON value: arrays flattened, objects as JSON text, null and undefined dropped. */
export function jsonStrings(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap(jsonStrings);
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  return [JSON.stringify(value)];
}

function ownText(element: Cheerio<AnyNode>): string {
  return element
    .contents()
    .toArray()
    .filter((node) => node.type === 'text')
    .map((node) => ('data' in node ? String(node.data) : ''))
    .join('')
    .trim();
}

/** The elements a selector picks inside an HTML scope; `:scope` is the scope's own element. */
export function selectElements(
  scope: Extract<Scope, { kind: 'html' }>,
  selector: string,
): Cheerio<AnyNode>[] {
  const { $, root } = scope;
  if (root === null)
    return $(selector)
      .toArray()
      .map((element) => $(element));
  if (selector === ':scope') return [root];
  return root
    .find(selector)
    .toArray()
    .map((element) => $(element));
}

function readElement(element: Cheerio<AnyNode>, extractor: Extractor): string {
  if (extractor.attr !== undefined) return (element.attr(extractor.attr) ?? '').trim();
  if (extractor.take === 'html') return (element.html() ?? '').trim();
  if (extractor.take === 'own_text') return ownText(element);
  return element.text().trim();
}

function regexMatches(source: string, text: string, all: boolean): string[] {
  const regex = new RegExp(source, 'g');
  const found: string[] = [];
  for (const match of text.matchAll(regex)) {
    found.push(match[1] ?? match[0]);
    if (!all) break;
  }
  return found;
}

/** The raw matches of an extractor in a scope, before steps. */
export function rawMatches(extractor: Extractor, scope: Scope, vars: VarResolver, all: boolean): string[] {
  if (extractor.value !== undefined) {
    // A value template with an empty variable is empty, so the next alternative can take over.
    const rendered = renderTemplate(extractor.value, vars);
    return rendered.missing.length === 0 ? [rendered.text] : [];
  }
  if (scope.kind === 'none') return [];
  if (extractor.regex !== undefined) return regexMatches(extractor.regex, scope.raw(), all);
  if (extractor.sel !== undefined) {
    if (scope.kind !== 'html') return [];
    const elements = selectElements(scope, extractor.sel);
    const picked = all ? elements : elements.slice(0, 1);
    return picked.map((element) => readElement(element, extractor));
  }
  if (scope.kind === 'json') {
    if (extractor.json === undefined) return scope.values.flatMap(jsonStrings);
    for (const value of scope.values) {
      const found = jsonStrings(jsonGet(value, extractor.json));
      if (found.length > 0) return all ? found : found.slice(0, 1);
    }
    return [];
  }
  return [];
}

/**
 * One extractor's values. `all` (list fields, or `all: true`) keeps every match, otherwise the first. A
 * throwing part (a bad selector or expression that slipped past validation) gives an empty list.
 */
export function runExtractor(
  extractor: Extractor,
  context: ExtractContext,
  listField: boolean,
  scope: Scope = sourceScope(extractor, context.doc),
): string[] {
  try {
    const all = extractor.all ?? listField;
    const raw = rawMatches(extractor, scope, context.vars, all);
    return applySteps(extractor.steps, raw, { baseUrl: context.doc.url, vars: context.vars });
  } catch {
    return [];
  }
}
