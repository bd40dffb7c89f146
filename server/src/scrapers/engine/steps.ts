import type { Step } from '../definitions/definition.schema';
import { parseDate } from './date-parse';
import { parseDuration } from './duration';
import { jsonArray, jsonPath, jsonValues, toJson, urlDecode } from './json-steps';
import { renderTemplate, type VarResolver } from './template';
import { feetInchesToCm, inchesToCm, lbsToKg } from './units';

/**
 * The closed list of post-processing steps. A value is a list of strings (one entry for a single match);
 * every step maps it to a new list, empty entries are dropped after each step. A step that cannot apply
 * (no match, no date, a bad URL, even an exception) leaves an empty value; nothing escapes.
 */
export interface StepContext {
  /** The page URL relative links are resolved against. */
  baseUrl: string;
  /** Template variables for the `template` step (`{value}` is the entry itself). */
  vars: VarResolver;
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'y', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'n', 'off', 'null', 'none']);

function absoluteUrl(value: string, base: string): string {
  try {
    const url = new URL(value.trim(), base || undefined);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : '';
  } catch {
    return '';
  }
}

function stripQuery(value: string): string {
  const cut = value.search(/[?#]/);
  return cut === -1 ? value : value.slice(0, cut);
}

function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&#(\d+);/g, (_all, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, '&');
}

function each(values: string[], map: (value: string) => string): string[] {
  return values.map(map);
}

function applyNamed(name: Extract<Step, string>, values: string[], context: StepContext): string[] {
  switch (name) {
    case 'trim':
      return each(values, (value) => value.trim());
    case 'lowercase':
      return each(values, (value) => value.toLowerCase());
    case 'uppercase':
      return each(values, (value) => value.toUpperCase());
    case 'absolute_url':
      return each(values, (value) => absoluteUrl(value, context.baseUrl));
    case 'strip_query':
      return each(values, stripQuery);
    case 'trim_slash':
      return each(values, (value) => value.replace(/\/+$/, ''));
    case 'collapse_space':
      return each(values, (value) => value.replace(/\s+/g, ' ').trim());
    case 'strip_tags':
      return each(values, (value) =>
        decodeEntities(value.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]*>/g, '')).trim(),
      );
    case 'first':
      return values.slice(0, 1);
    case 'last':
      return values.slice(-1);
    case 'unique': {
      const seen = new Set<string>();
      return values.filter((value) => (seen.has(value) ? false : (seen.add(value), true)));
    }
    case 'url_decode':
      return each(values, urlDecode);
    case 'rest':
      return values.slice(1);
    case 'json_values':
      return jsonValues(values);
    case 'to_bool':
      return each(values, (value) => {
        const lower = value.trim().toLowerCase();
        if (FALSE_WORDS.has(lower) || lower === '') return '';
        return TRUE_WORDS.has(lower) || lower.length > 0 ? 'true' : '';
      });
  }
}

function applyObject(step: Exclude<Step, string>, values: string[], context: StepContext): string[] {
  if ('join' in step) return values.length === 0 ? [] : [values.join(step.join)];
  if ('json_path' in step) return jsonPath(values, step.json_path);
  if ('to_json' in step) return toJson(values, step.to_json);
  if ('json_array' in step) return jsonArray(values, step.json_array);
  if ('replace' in step) {
    const [from, to] = step.replace;
    return from === '' ? values : each(values, (value) => value.split(from).join(to));
  }
  if ('regex_replace' in step) {
    const [source, to] = step.regex_replace;
    const regex = new RegExp(source, 'g');
    return each(values, (value) => value.replace(regex, to));
  }
  if ('regex' in step) {
    const regex = new RegExp(step.regex);
    return each(values, (value) => {
      const match = regex.exec(value);
      if (!match) return '';
      return match[1] ?? match[0];
    });
  }
  if ('parse_date' in step) return each(values, (value) => parseDate(value, step.parse_date));
  if ('duration' in step) {
    return each(values, (value) => {
      const minutes = parseDuration(value, step.duration);
      return minutes === null ? '' : String(minutes);
    });
  }
  if ('split' in step) return values.flatMap((value) => value.split(step.split).map((part) => part.trim()));
  if ('map' in step) {
    const lowered = new Map(Object.entries(step.map).map(([key, to]) => [key.toLowerCase(), to]));
    return each(values, (value) =>
      Object.hasOwn(step.map, value) ? (step.map[value] ?? '') : (lowered.get(value.toLowerCase()) ?? value),
    );
  }
  if ('prefix' in step) return each(values, (value) => step.prefix + value);
  if ('suffix' in step) return each(values, (value) => value + step.suffix);
  if ('template' in step) {
    return each(
      values,
      (value) =>
        renderTemplate(step.template, (name) => (name === 'value' ? value : context.vars(name))).text,
    );
  }
  if ('default' in step) return values.length > 0 ? values : [step.default];
  if ('drop' in step) {
    const dropped = new Set(step.drop.map((entry) => entry.toLowerCase()));
    return values.filter((value) => !dropped.has(value.toLowerCase()));
  }
  if ('keep' in step) {
    const regex = new RegExp(step.keep);
    return values.filter((value) => regex.test(value));
  }
  const convert =
    step.unit === 'inches_to_cm' ? inchesToCm : step.unit === 'feet_inches_to_cm' ? feetInchesToCm : lbsToKg;
  return each(values, convert);
}

function applyStep(step: Step, values: string[], context: StepContext): string[] {
  try {
    const result =
      typeof step === 'string' ? applyNamed(step, values, context) : applyObject(step, values, context);
    return result.filter((value) => value !== '');
  } catch {
    return [];
  }
}

/** Runs the steps in order; an empty list stops nothing (a later `default` may still fill it). */
export function applySteps(
  steps: readonly Step[],
  values: readonly string[],
  context: StepContext,
): string[] {
  let current = values.filter((value) => value !== '');
  for (const step of steps) current = applyStep(step, current, context);
  return current;
}
