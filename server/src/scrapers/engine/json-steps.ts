import { jsonGet } from '../../players/trailers/json-path';
import { jsonStrings } from './extract';

/**
 * Steps that treat entries as JSON: read a path, enumerate an array or object, build objects and arrays
 * (trailer lists in the `urls` format, `{"video_sources":[{"url":...,"quality":...}]}`). Entries that are not
 * JSON give empty values; a JSON string entry stays a string.
 */

function parse(entry: string): unknown {
  try {
    return JSON.parse(entry) as unknown;
  } catch {
    return undefined;
  }
}

/** `json_values`: array elements or object values of each entry, as strings (objects as JSON text). */
export function jsonValues(values: readonly string[]): string[] {
  return values.flatMap((entry) => {
    const parsed = parse(entry);
    if (Array.isArray(parsed)) return parsed.flatMap(jsonStrings);
    if (typeof parsed === 'object' && parsed !== null) return Object.values(parsed).flatMap(jsonStrings);
    return [];
  });
}

/** `{ json_path: path }`: the path read in each entry. */
export function jsonPath(values: readonly string[], path: string): string[] {
  return values.flatMap((entry) => jsonStrings(jsonGet(parse(entry), path)));
}

/** `{ to_json: { key: path } }`: each entry remade as `{key: <first string at path>}` (missing keys left out). */
export function toJson(values: readonly string[], keys: Readonly<Record<string, string>>): string[] {
  return values.map((entry) => {
    const parsed = parse(entry);
    const object: Record<string, string> = {};
    for (const [key, path] of Object.entries(keys)) {
      const found = jsonStrings(jsonGet(parsed, path))[0];
      if (found !== undefined) object[key] = found;
    }
    return Object.keys(object).length === 0 ? '' : JSON.stringify(object);
  });
}

/** `{ json_array: key }`: all entries as one JSON array (entries that are not JSON become strings). */
export function jsonArray(values: readonly string[], key: string): string[] {
  if (values.length === 0) return [];
  const array = values.map((entry) => parse(entry) ?? entry);
  return [JSON.stringify(key === '' ? array : { [key]: array })];
}

/** `url_decode`: percent-decoding; an entry that is not valid percent-encoding is kept. */
export function urlDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, '%20'));
  } catch {
    return value;
  }
}
