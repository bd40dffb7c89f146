import * as cheerio from 'cheerio';
import { jsonEntries, jsonGet, jsonString } from './json-path';
import {
  httpUrl,
  labelledSource,
  wholeNumber,
  type TrailerScrape,
  type TrailerSource,
} from './trailer-source';

/**
 * Pure extractors: from a fetched answer (or the trailer_source itself) to trailer sources, one per trailer
 * type of xbvr-facts §7.9. Relative links are resolved against the page they came from; anything that is not
 * http(s) afterwards is dropped, and so are repeats of a URL.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The common HTML entities (named above, decimal and hex), as Go's html.UnescapeString does for them. */
export function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * A scraper's regular expression (written for Go's RE2) as a JavaScript one: `(?P<name>` becomes `(?<name>`
 * and leading inline flags `(?i)`, `(?s)`, `(?m)` become flags. Throws on an invalid expression.
 */
export function goRegex(expression: string, global: boolean): RegExp {
  let source = expression.replace(/\(\?P</g, '(?<');
  let flags = global ? 'g' : '';
  const inline = /^\(\?([ims]+)\)/.exec(source);
  if (inline) {
    source = source.slice(inline[0].length);
    for (const flag of new Set(inline[1])) flags += flag;
  }
  return new RegExp(source, flags);
}

/** `base` + `url` unless `url` already starts with it or is absolute; one slash where both have one. */
export function withBase(base: string, url: string): string {
  if (base === '' || url.startsWith(base) || /^(https?:)?\/\//i.test(url)) return url;
  if (base.endsWith('/') && url.startsWith('/')) return base + url.slice(1);
  return base + url;
}

/** Keeps http(s) sources (relative ones resolved against `page`), the first of each URL. */
export function cleanSources(sources: readonly TrailerSource[], page?: URL): TrailerSource[] {
  const seen = new Set<string>();
  const kept: TrailerSource[] = [];
  for (const source of sources) {
    const url = httpUrl(source.url, page?.href);
    if (!url || seen.has(url.href)) continue;
    seen.add(url.href);
    kept.push({ ...source, url: url.href });
  }
  return kept;
}

/** "<name> - <n>p" unless the name already says "<n>p" (or there is no resolution). */
function qualityLabel(name: string, resolution: number): string {
  if (resolution === 0) return name || 'Unknown';
  const label = `${resolution}p`;
  if (name === '') return label;
  return name.includes(label) ? name : `${name} - ${label}`;
}

/** `heresphere`: a HereSphere video JSON, `media[{name, sources[{resolution,height,width,size,url}]}]`. */
export function fromHeresphereVideo(json: unknown): TrailerSource[] {
  if (!isRecord(json) || !Array.isArray(json.media)) return [];
  const sources: TrailerSource[] = [];
  for (const media of json.media) {
    if (!isRecord(media) || !Array.isArray(media.sources)) continue;
    const name = typeof media.name === 'string' ? media.name.trim() : '';
    for (const source of media.sources) {
      if (!isRecord(source) || typeof source.url !== 'string') continue;
      const height = wholeNumber(source.height) || wholeNumber(source.resolution);
      const resolution = wholeNumber(source.resolution) || height;
      sources.push({
        url: source.url,
        quality: qualityLabel(name, resolution),
        height,
        width: wholeNumber(source.width),
        size: wholeNumber(source.size),
      });
    }
  }
  return sources;
}

/** `slr` and `deovr`: a DeoVR scene JSON, `encodings[{name, videoSources[{resolution,height,width,size,url}]}]`. */
export function fromDeovrScene(json: unknown): TrailerSource[] {
  if (!isRecord(json) || !Array.isArray(json.encodings)) return [];
  const sources: TrailerSource[] = [];
  for (const encoding of json.encodings) {
    if (!isRecord(encoding) || !Array.isArray(encoding.videoSources)) continue;
    const name = typeof encoding.name === 'string' ? encoding.name.trim() : '';
    for (const source of encoding.videoSources) {
      if (!isRecord(source) || typeof source.url !== 'string') continue;
      const resolution = wholeNumber(source.resolution);
      sources.push({
        url: source.url,
        quality: qualityLabel(name, resolution),
        height: wholeNumber(source.height) || resolution,
        width: wholeNumber(source.width),
        size: wholeNumber(source.size),
      });
    }
  }
  return sources;
}

/** `urls`: `{video_sources:[{url, quality}]}`, stored in trailer_source itself. */
export function fromVideoSourceList(json: unknown): TrailerSource[] {
  if (!isRecord(json) || !Array.isArray(json.video_sources)) return [];
  return json.video_sources.flatMap((entry) =>
    isRecord(entry) && typeof entry.url === 'string'
      ? [labelledSource(entry.url.trim(), typeof entry.quality === 'string' ? entry.quality.trim() : '')]
      : [],
  );
}

/**
 * `load_json` and `scrape_json`: with `record_path`, each record found there gives `content_path` (the URL,
 * after `content_base_url`) and `quality_path`, prefixed "<encoding_path>-" when set; without it, one source
 * from the document itself. Paths are the gjson subset of json-path.ts.
 */
export function fromJsonDocument(json: unknown, scrape: TrailerScrape): TrailerSource[] {
  const source = (record: unknown): TrailerSource | null => {
    const content = unescapeHtml(jsonString(jsonGet(record, scrape.content_path)).trim()).trim();
    if (content === '') return null;
    const quality = unescapeHtml(jsonString(jsonGet(record, scrape.quality_path))).trim();
    const encoding = scrape.encoding_path ? `${jsonString(jsonGet(record, scrape.encoding_path))}-` : '';
    return labelledSource(withBase(scrape.content_base_url, content), encoding + quality);
  };
  if (scrape.record_path === '') {
    const single = source(json);
    return single ? [single] : [];
  }
  return jsonEntries(jsonGet(json, scrape.record_path)).flatMap(([, record]) => {
    const found = source(record);
    return found ? [found] : [];
  });
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text.trim()) as unknown;
  } catch {
    return undefined;
  }
}

/** `load_json`: the answer of `scene_url` is the JSON document. */
export function fromJsonText(text: string, scrape: TrailerScrape): TrailerSource[] {
  return fromJsonDocument(parseJsonText(text), scrape);
}

/**
 * `scrape_html`: every element matching `html_element`; without `extract_regex`, its `content_path` attribute
 * is the URL (after `content_base_url`) and its `quality_path` attribute the quality; with it, every match in
 * the element's text gives a source: the first group is the URL, the file name (no extension) of the whole
 * match the quality.
 */
export function fromHtmlPage(html: string, scrape: TrailerScrape): TrailerSource[] {
  const $ = cheerio.load(html);
  const sources: TrailerSource[] = [];
  const regex = scrape.extract_regex ? goRegex(scrape.extract_regex, true) : null;
  $(scrape.html_element).each((_, element) => {
    const node = $(element);
    if (!regex) {
      const url = (node.attr(scrape.content_path) ?? '').trim();
      if (url !== '') {
        const quality = scrape.quality_path ? (node.attr(scrape.quality_path) ?? '') : '';
        sources.push(labelledSource(withBase(scrape.content_base_url, url), quality.trim()));
      }
      return;
    }
    for (const match of node.text().matchAll(regex)) {
      const url = (match[1] ?? '').trim();
      if (url === '') continue;
      sources.push(labelledSource(url, fileStem(match[0])));
    }
  });
  return sources;
}

/** The file name without its extension of a URL-ish text ("https://x/t/trailer_1080p.mp4?a=1" → "trailer_1080p"). */
function fileStem(text: string): string {
  const path = text.split(/[?#]/)[0] ?? '';
  const name = path.split('/').pop() ?? '';
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/**
 * `scrape_json`: the text of every element matching `html_element` (with `extract_regex`, its first group
 * when the expression matches) is a JSON document read as in fromJsonDocument.
 */
export function fromHtmlJson(html: string, scrape: TrailerScrape): TrailerSource[] {
  const $ = cheerio.load(html);
  const regex = scrape.extract_regex ? goRegex(scrape.extract_regex, false) : null;
  const sources: TrailerSource[] = [];
  $(scrape.html_element).each((_, element) => {
    let text = $(element).text();
    const group = regex?.exec(text)?.[1];
    if (group) text = group;
    sources.push(...fromJsonText(text, scrape));
  });
  return sources;
}

/** `vrporn`: when `status.message` is "Ok", `data.item.sources.<group>.<name>.path`, quality "<group> - <name>". */
export function fromVrpornItem(json: unknown): TrailerSource[] {
  if (jsonString(jsonGet(json, 'status.message')) !== 'Ok') return [];
  const sources: TrailerSource[] = [];
  for (const [group, videos] of jsonEntries(jsonGet(json, 'data.item.sources'))) {
    for (const [name, video] of jsonEntries(videos)) {
      const url = jsonString(jsonGet(video, 'path')).trim();
      if (url !== '') sources.push(labelledSource(url, `${group} - ${name}`));
    }
  }
  return sources;
}
