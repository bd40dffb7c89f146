import { isMap, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import type { z } from 'zod';
import { ScraperDefinition } from './definition.schema';

/**
 * One definition file's text to a validated, frozen ScraperDefinition, or to the error text
 * `definition invalid: <file>:<line>: <why>`, where the line is that of the offending YAML node (YAML syntax
 * errors included).
 */

export const MAX_DEFINITION_BYTES = 1024 * 1024;

export type ParsedDefinition =
  | {
      ok: true;
      definition: ScraperDefinition;
      /** Line of each `sites[i].id` node, for errors found later (a site id clash). */
      siteIdLines: number[];
    }
  | {
      ok: false;
      error: string;
      /** What could be read of the file's id and site ids, to name it in the Scrapers table. */
      id: string;
      siteIds: string[];
    };

type PathKey = string | number;

export function invalidText(file: string, line: number, why: string): string {
  return `definition invalid: ${file}:${line}: ${why}`;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The 1-based line of the node at `path`, or of its nearest existing parent. */
function lineOf(doc: Document, lines: LineCounter, path: readonly PathKey[]): number {
  for (let depth = path.length; depth >= 0; depth--) {
    const node: unknown = depth === 0 ? doc.contents : doc.getIn(path.slice(0, depth), true);
    if (typeof node === 'object' && node !== null && 'range' in node) {
      const range = (node as { range?: [number, number, number] | null }).range;
      if (range) return lines.linePos(range[0]).line;
    }
  }
  return 1;
}

interface Reason {
  path: PathKey[];
  message: string;
}

/** An issue that says the value has another shape than the branch (a wrong or missing key, a wrong type). */
function shapeMismatch(issue: z.core.$ZodIssue): boolean {
  if (issue.code === 'unrecognized_keys') return true;
  if (issue.code === 'invalid_type')
    return issue.path.length === 0 || issue.message.includes('received undefined');
  return issue.code === 'invalid_value' && issue.path.length === 0;
}

/**
 * The most telling reason of a zod issue. A union failure descends into the branch the value fits in shape
 * (right keys and types, a wrong value such as a bad regular expression); when it fits none, it is "not one of
 * the accepted forms".
 */
function reasonOf(issue: z.core.$ZodIssue): Reason {
  const path = issue.path.filter((key): key is PathKey => typeof key !== 'symbol');
  if (issue.code === 'invalid_union') {
    const fitting = issue.errors.find((branch) => branch.length > 0 && !branch.some(shapeMismatch));
    const first = fitting?.[0];
    if (!first) return { path, message: 'not one of the accepted forms' };
    const inner = reasonOf(first);
    return { path: [...path, ...inner.path], message: inner.message };
  }
  if (issue.code === 'unrecognized_keys' && issue.keys.length > 0) {
    return { path: [...path, issue.keys[0] ?? ''], message: `unknown key "${issue.keys.join('", "')}"` };
  }
  return { path, message: issue.message };
}

function rawIdentity(value: unknown, fallbackId: string): { id: string; siteIds: string[] } {
  if (typeof value !== 'object' || value === null) return { id: fallbackId, siteIds: [] };
  const record = value as Record<string, unknown>;
  const id = typeof record.id === 'string' ? record.id : fallbackId;
  const sites = Array.isArray(record.sites) ? record.sites : [];
  const siteIds = sites
    .map((site: unknown) =>
      typeof site === 'object' && site !== null ? (site as Record<string, unknown>).id : undefined,
    )
    .filter((siteId): siteId is string => typeof siteId === 'string');
  return { id, siteIds };
}

function siteIdLines(doc: Document, lines: LineCounter): number[] {
  const sites = doc.get('sites', true);
  if (!isSeq(sites)) return [];
  return sites.items.map((item) => {
    const idNode = isMap(item) ? item.get('id', true) : null;
    const range = idNode && typeof idNode === 'object' && 'range' in idNode ? idNode.range : null;
    return range ? lines.linePos(range[0]).line : 1;
  });
}

/** `file` is the name shown in errors (e.g. vrbangers.yaml); `fallbackId` names a file with no readable id. */
export function parseDefinition(text: string, file: string, fallbackId: string): ParsedDefinition {
  if (Buffer.byteLength(text, 'utf8') > MAX_DEFINITION_BYTES) {
    return { ok: false, error: invalidText(file, 1, 'larger than 1 MB'), id: fallbackId, siteIds: [] };
  }
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const syntax = doc.errors[0];
  if (syntax) {
    const line = syntax.linePos?.[0].line ?? lines.linePos(syntax.pos[0]).line;
    const why = syntax.message.split('\n')[0] ?? syntax.code;
    return { ok: false, error: invalidText(file, line, why), id: fallbackId, siteIds: [] };
  }
  let raw: unknown;
  try {
    raw = doc.toJS({ maxAliasCount: 1000 });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { ok: false, error: invalidText(file, 1, why), id: fallbackId, siteIds: [] };
  }
  const identity = rawIdentity(raw, fallbackId);
  const parsed = ScraperDefinition.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const reason = first ? reasonOf(first) : { path: [], message: 'invalid' };
    const where = reason.path.length > 0 ? `${reason.path.join('.')}: ` : '';
    const more = parsed.error.issues.length > 1 ? ` (and ${parsed.error.issues.length - 1} more)` : '';
    const line = lineOf(doc, lines, reason.path);
    return { ok: false, error: invalidText(file, line, `${where}${reason.message}${more}`), ...identity };
  }
  return { ok: true, definition: deepFreeze(parsed.data), siteIdLines: siteIdLines(doc, lines) };
}
