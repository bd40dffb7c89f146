import { SingleSceneWarning } from '@fovea/contract';
import { z } from 'zod';
import { Regex, Selector, Text } from './definition-primitives';
import { HeaderMap, RequestSpec, SessionVarSpec, ExtraPageSpec, SiteHttpSpec } from './request.schema';

export { ExtraPageSpec, RequestSpec, SessionVarSpec, SiteHttpSpec } from './request.schema';

/*
 * A scraper definition: one YAML file describing a site, or a family of sites sharing one structure
 * (scraper-sites.md). Nothing in a definition is ever evaluated as code: selectors go to cheerio, paths to the
 * gjson subset (players/trailers/json-path.ts), regular expressions to RegExp, and values through the closed
 * list of named steps below.
 *
 * Templates: `{name}` is replaced by a variable. Variables are the site's `vars`, `id` (the site id), `name`,
 * `site`, `studio`, `domain`, `page` (listing page number), `offset` (page index x page_size), `url` (the scene
 * URL), the scene's extracted fields (`{title}`, `{site_id}`, `{released}`...; `{site_id}` is always the
 * scene's own id), and `{item.<path>}` (a gjson path into the current JSON listing item). `{slug:x}` is slug(x)
 * (scraper-sites notation), `{slug_noquote:x}` the same without apostrophes, `{lower:x}` lower case, `{url:x}`
 * URL-encoded, `{json:x}` escaped for a JSON string; `{session.<name>}` are the run's session values and
 * `{actor.<path>}` a path into a JSON actor node. docs/scrapers.md has the details.
 */

/** Post-processing steps: a closed list; each is an object with exactly one key (or a bare name). */
export const Step = z
  .union([
    z.enum([
      'trim',
      'lowercase',
      'uppercase',
      'absolute_url',
      'strip_query',
      'trim_slash',
      'collapse_space',
      'strip_tags',
      'first',
      'last',
      'unique',
      'to_bool',
      /** Percent-decoding (`%20` -> space); an undecodable entry is kept as it is. */
      'url_decode',
      /** Every entry but the first. */
      'rest',
      /** Each entry parsed as JSON: an array gives its elements, an object its values (as JSON text). */
      'json_values',
    ]),
    /** All entries joined into one with this separator. */
    z.strictObject({ join: z.string().max(20) }),
    /** Each entry parsed as JSON and read with a gjson path (arrays flattened, objects as JSON text). */
    z.strictObject({ json_path: Text }),
    /** Each entry parsed as JSON and remade as an object of these keys, each read with a gjson path. */
    z.strictObject({
      to_json: z.record(z.string().min(1).max(100), Text).refine((map) => Object.keys(map).length > 0, {
        message: 'to_json needs at least one key',
      }),
    }),
    /** All entries (JSON texts) as one JSON array, wrapped in an object under this key unless it is ''. */
    z.strictObject({ json_array: z.string().max(100) }),
    z.strictObject({ replace: z.tuple([z.string(), z.string()]) }),
    z.strictObject({ regex_replace: z.tuple([Regex, z.string()]) }),
    /** Group 1 (or the whole match); no match gives an empty value. */
    z.strictObject({ regex: Regex }),
    /** moment.js tokens (YYYY, MM, M, DD, D, Do, MMM, MMMM, HH, mm, ss) -> YYYY-MM-DD. */
    z.strictObject({ parse_date: Text }),
    /** iso: PT1H2M3S; clock: 1:02:03 / 62:03; minutes: "62 min"; seconds: 3723. Result: whole minutes. */
    z.strictObject({ duration: z.enum(['iso', 'clock', 'minutes', 'seconds', 'text']) }),
    z.strictObject({ split: z.string().min(1).max(20) }),
    z.strictObject({ map: z.record(z.string(), z.string()) }),
    z.strictObject({ prefix: z.string().max(2000) }),
    z.strictObject({ suffix: z.string().max(2000) }),
    z.strictObject({ template: Text }),
    z.strictObject({ default: z.string().max(2000) }),
    /** Drops list entries (or the value) equal to one of these, case-insensitively. */
    z.strictObject({ drop: z.array(z.string()).min(1) }),
    /** Keeps list entries (or the value) matching this expression. */
    z.strictObject({ keep: Regex }),
    z.strictObject({ unit: z.enum(['inches_to_cm', 'feet_inches_to_cm', 'lbs_to_kg']) }),
  ])
  .meta({ id: 'Step' });
export type Step = z.infer<typeof Step>;

/** Where an extractor reads from. */
export const BuiltinSource = z.enum([
  /** The scene page (HTML) or the scene's JSON document (json engine's detail, else the listing item). */
  'page',
  /** The listing item the scene was found on (HTML card element, or JSON listing item). */
  'listing',
  /** JSON-LD blocks of the page (`script[type="application/ld+json"]`); paths run on the VideoObject first. */
  'ld_json',
  /** `script#__NEXT_DATA__` of the page. */
  'next_data',
  /** The JSON text of the `script` element selected by `script`. */
  'script',
  /** The page's final URL. */
  'url',
]);
/** A built-in source, or `extra:<name>`: the scene's extra page of that name (`scene.extra_pages`). */
export const Source = z.union([
  BuiltinSource,
  z.string().regex(/^extra:[a-z_][a-z0-9_]{0,63}$/, 'a source name or extra:<name>'),
]);
export type Source = z.infer<typeof Source>;

/** One way to read a value. Exactly one of sel, json, regex or value (json and sel may combine with `from`). */
export const Extractor = z
  .strictObject({
    from: Source.default('page'),
    /** CSS selector (cheerio) on an HTML source. */
    sel: Selector.optional(),
    /** What to take of each selected element: text (default), html, own_text, or an attribute. */
    attr: z.string().min(1).max(100).optional(),
    take: z.enum(['text', 'html', 'own_text']).optional(),
    /** gjson path on a JSON source. */
    json: Text.optional(),
    /** Selector of the script whose text is JSON, with from: script. */
    script: Selector.optional(),
    /** Regular expression on the raw page text (or on the URL with from: url): group 1 of each match. */
    regex: Regex.optional(),
    /** A constant or template. */
    value: z.string().max(2000).optional(),
    /** Every match (lists), not only the first. Lists default to all. */
    all: z.boolean().optional(),
    /**
     * In a list of alternatives: run even when an earlier one found something, and add its values to theirs
     * (a second cover, fixed extra tags of one site), instead of being tried only when they found nothing.
     */
    merge: z.boolean().optional(),
    steps: z.array(Step).max(30).default([]),
  })
  .refine(
    (e) =>
      [e.sel, e.json, e.regex, e.value].filter((v) => v !== undefined).length === 1 ||
      (e.from === 'url' && e.sel === undefined && e.json === undefined),
    { message: 'an extractor needs exactly one of sel, json, regex or value' },
  )
  .refine((e) => e.from !== 'script' || e.script !== undefined, {
    message: 'from: script needs a script selector',
  })
  .meta({ id: 'Extractor' });
export type Extractor = z.infer<typeof Extractor>;

/** A field: one extractor or alternatives tried in order (the first non-empty wins). */
export const FieldSpec = z.union([Extractor, z.array(Extractor).min(1).max(10)]).meta({ id: 'FieldSpec' });
export type FieldSpec = z.infer<typeof FieldSpec>;

/** Cast with per-actor image and profile URL: `each` selects the actor elements (or JSON objects). */
export const ActorDetailsSpec = z.strictObject({
  each: Extractor,
  name: Extractor,
  image: Extractor.optional(),
  profile: Extractor.optional(),
  /** The URL type stored with the profile URL, e.g. "vrbangers scrape" (a template: '{id} scrape'). */
  source: z.string().max(100).default(''),
});
export type ActorDetailsSpec = z.infer<typeof ActorDetailsSpec>;

/** The scene fields a definition can fill (ScrapedScene, scraper-sites §1.1). */
export const SceneFields = z.strictObject({
  site_id: FieldSpec.optional(),
  title: FieldSpec.optional(),
  synopsis: FieldSpec.optional(),
  released: FieldSpec.optional(),
  duration: FieldSpec.optional(),
  covers: FieldSpec.optional(),
  gallery: FieldSpec.optional(),
  tags: FieldSpec.optional(),
  cast: FieldSpec.optional(),
  filenames: FieldSpec.optional(),
  members_url: FieldSpec.optional(),
  homepage_url: FieldSpec.optional(),
  scene_type: FieldSpec.optional(),
  /** Overrides the site's display name per scene (networks whose pages name the sub-site). */
  site: FieldSpec.optional(),
  studio: FieldSpec.optional(),
  has_script: FieldSpec.optional(),
  ai_script: FieldSpec.optional(),
  human_script: FieldSpec.optional(),
  trailer_type: FieldSpec.optional(),
  trailer_src: FieldSpec.optional(),
  chroma_key: FieldSpec.optional(),
});
export type SceneFields = z.infer<typeof SceneFields>;
export type SceneFieldName = keyof SceneFields;

/** One site of a definition (a `sites` row). */
export const SiteEntry = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'lower-case letters, digits, - and _ only')
    .describe('the scraper id (sites.id)'),
  name: Text,
  /** The `Site` value on scenes; defaults to name. */
  site: Text.optional(),
  studio: Text,
  avatar: z.string().max(2000).default(''),
  /** The host single-scene URLs are recognised by, e.g. vrbangers.com. */
  domain: z.string().min(3).max(253),
  vars: z.record(z.string().regex(/^[a-z_][a-z0-9_]*$/), z.string().max(2000)).default({}),
  master_site_id: z.string().max(64).default(''),
  /** Shipped but not scrapable (the site is gone or broken): shown in the Scrapers table. */
  disabled_reason: z.string().max(500).optional(),
  /** Headers and cookies for this site only (templates), over the definition's. */
  http: SiteHttpSpec.optional(),
});
export type SiteEntry = z.infer<typeof SiteEntry>;

/** HTTP behaviour of a definition's requests (the HTTP layer's per-host settings). */
export const HttpSpec = z.strictObject({
  min_delay_ms: z.number().int().min(0).max(60_000).default(250),
  max_delay_ms: z.number().int().min(0).max(120_000).default(1500),
  concurrency: z.number().int().min(1).max(4).default(2),
  /** Templates over the site's variables and `{session.<name>}`. */
  headers: HeaderMap.default({}),
  cookies: HeaderMap.default({}),
});
export type HttpSpec = z.infer<typeof HttpSpec>;

/** How the listing pages are walked. */
export const ListingSpec = z.strictObject({
  /** Page URL template(s) or request objects, with {page} / {offset}; one walk per template. */
  urls: z.array(RequestSpec).min(1).max(20),
  /** The listing document's format: html (cheerio), json, or csv (rows as arrays of columns; json engine). */
  format: z.enum(['html', 'json', 'csv']).optional(),
  /** csv: the first row is a header (not an item). */
  csv_header: z.boolean().default(false),
  /** False: every field is on the listing card (html engine); scene pages are never fetched. */
  scene_page: z.boolean().default(true),
  /** Extractor of the page count, read on the first listing page of a walk: the walk ends after that many. */
  pages: Extractor.optional(),
  /**
   * Script badges on a listing card or item (scraper-sites §1.10): with `funscripts.scrapeFunscripts` on, a
   * known scene whose entry has scripts gets a script-only update instead of being skipped. Each extractor
   * runs on the card (html) or item (json); a non-empty value sets the flag.
   */
  scripts: z
    .strictObject({
      has_script: Extractor,
      ai_script: Extractor.optional(),
      human_script: Extractor.optional(),
    })
    .optional(),
  /** Follow every link `next` finds (each page once), not only the first. */
  follow_all: z.boolean().default(false),
  first_page: z.number().int().min(0).max(1).default(1),
  page_size: z.number().int().min(1).max(1000).default(1),
  /** A safety cap on pages per walk. */
  max_pages: z.number().int().min(1).max(10_000).default(2000),
  /** Pages read with limit scraping on. */
  limit_pages: z.number().int().min(1).max(10).default(1),
  // --- html engine ---
  /** Selector of one scene card on a listing page (the `listing` source of its fields). */
  item: Selector.optional(),
  /** The scene link of a card (relative to it): usually `{sel: a, attr: href, steps: [absolute_url]}`. */
  link: Extractor.optional(),
  /** The next page link; without it the page template is followed until a page adds no new scene. */
  next: Extractor.optional(),
  // --- json engine ---
  /** gjson path of the items array of a listing page. */
  items: Text.optional(),
  /** gjson path of the total item count, of a "has more" flag, or of the page count. */
  total: Text.optional(),
  has_more: Text.optional(),
  page_count: Text.optional(),
  /**
   * Keep only items whose value at `json` equals `equals` (a template, case-insensitively) or matches the regular
   * expression `matches`; the others are not seen.
   */
  item_where: z
    .strictObject({ json: Text, equals: z.string().max(200).optional(), matches: Regex.optional() })
    .refine((w) => (w.equals === undefined) !== (w.matches === undefined), {
      message: 'item_where needs one of equals or matches',
    })
    .optional(),
  /** The scene page URL of a JSON item (a template with {item.<path>}): the known-scene key and homepage. */
  item_url: Text.optional(),
  /** The scene's detail document (a template with {item.<path>}); without it the item itself is the scene. */
  detail_url: RequestSpec.optional(),
});
export type ListingSpec = z.infer<typeof ListingSpec>;

export const AdditionalInfoSpec = z.strictObject({
  fieldName: z.string().regex(/^[a-z_][a-z0-9_]*$/),
  fieldPrompt: Text,
  placeholder: z.string().max(200).default(''),
  required: z.boolean().default(false),
  type: z.enum(['url', 'number']),
});
export type AdditionalInfoSpec = z.infer<typeof AdditionalInfoSpec>;

export const SingleSceneSpec = z.strictObject({
  /** Regular expressions a scene URL of this definition matches. */
  url_patterns: z.array(Regex).min(1).max(20),
  /** Picks the site of a family from the scene URL: regex on the URL -> site id; else the first site. */
  site_by_url: z.array(z.strictObject({ regex: Regex, site: z.string() })).default([]),
  additional_info: z.array(AdditionalInfoSpec).max(5).default([]),
  warnings: z.array(SingleSceneWarning).default([]),
  /**
   * json engine: the scene's JSON document for a scene URL (a template; variables: `url`, the named groups of
   * the matching url_pattern, e.g. `(?<slug>[^/]+)`, the additional-info fields and the site's variables).
   */
  detail_url: RequestSpec.optional(),
  /** gjson path of the scene object inside the detail_url document (e.g. `result`); default the document. */
  detail_path: Text.optional(),
  /** json engine without detail_url: walk the listing and take the item whose scene URL is the given URL. */
  from_listing: z.boolean().default(false),
});
export type SingleSceneSpec = z.infer<typeof SingleSceneSpec>;

export const SceneSpec = z.strictObject({
  fields: SceneFields,
  actor_details: ActorDetailsSpec.optional(),
  /** The scene id rule (scraper-sites §1.3), a template, e.g. '{slug:site}-{site_id}'. */
  scene_id: Text,
  /** Filename templates (expected download names) added to the `filenames` field. */
  filename_templates: z.array(Text).max(50).default([]),
  /** How homepage URLs are normalised for the known-scene check. */
  url_normalise: z.array(z.enum(['strip_query', 'trim_slash', 'lowercase'])).default([]),
  /** Scenes without these fields are rejected (counted, never stored). */
  required: z.array(SceneFields.keyof()).default(['title']),
  /** Further documents per scene, read with `from: extra:<name>`. */
  extra_pages: z.array(ExtraPageSpec).max(5).default([]),
});
export type SceneSpec = z.infer<typeof SceneSpec>;

export const ScraperDefinition = z
  .strictObject({
    /** Editor hint, ignored. */
    $schema: z.string().optional(),
    /** The definition id; a file in <data>/scrapers/ with the id of a built-in one overrides it. */
    id: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/),
    /** Bumped on every change; recorded with each run. */
    version: z.number().int().min(1),
    engine: z.enum(['html', 'json']),
    description: z.string().max(2000).default(''),
    sites: z.array(SiteEntry).min(1).max(200),
    http: HttpSpec.default(HttpSpec.parse({})),
    /** Values fetched once per run (tokens, API keys), as `{session.<name>}`. */
    session: z.array(SessionVarSpec).max(5).default([]),
    listing: ListingSpec,
    scene: SceneSpec,
    single_scene: SingleSceneSpec.optional(),
  })
  .superRefine((d, ctx) => {
    if (d.engine === 'html' && (d.listing.item === undefined || d.listing.link === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['listing'],
        message: 'the html engine needs listing.item and .link',
      });
    }
    const csv = d.listing.format === 'csv';
    if (
      d.engine === 'json' &&
      ((d.listing.items === undefined && !csv) || d.listing.item_url === undefined)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['listing'],
        message: 'the json engine needs listing.items (unless csv) and .item_url',
      });
    }
    if (d.listing.format === 'csv' && d.engine !== 'json') {
      ctx.addIssue({
        code: 'custom',
        path: ['listing', 'format'],
        message: 'csv listings need the json engine',
      });
    }
    if (d.listing.follow_all && d.listing.next === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['listing', 'follow_all'],
        message: 'follow_all needs listing.next',
      });
    }
    if (d.single_scene?.from_listing === true && d.single_scene.detail_url !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['single_scene', 'from_listing'],
        message: 'from_listing and detail_url exclude each other',
      });
    }
    const extraNames = d.scene.extra_pages.map((page) => page.name);
    if (new Set(extraNames).size !== extraNames.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['scene', 'extra_pages'],
        message: 'extra page names must differ',
      });
    }
    const sessionNames = d.session.map((value) => value.name);
    if (new Set(sessionNames).size !== sessionNames.length) {
      ctx.addIssue({ code: 'custom', path: ['session'], message: 'session value names must differ' });
    }
    if (d.http.max_delay_ms < d.http.min_delay_ms) {
      ctx.addIssue({ code: 'custom', path: ['http', 'max_delay_ms'], message: 'below min_delay_ms' });
    }
  });
export type ScraperDefinition = z.infer<typeof ScraperDefinition>;
