import { jsonGet } from '../../players/trailers/json-path';
import type {
  ActorDetailsSpec,
  Extractor,
  SceneFieldName,
  ScraperDefinition,
  SiteEntry,
} from '../definitions/definition.schema';
import { emptyScrapedScene, type ScrapedActorDetails, type ScrapedScene } from '../scraped-scene';
import { jsonStrings, runExtractor, selectElements, sourceScope, type ExtractContext } from './extract';
import { FALLBACK_FIELDS, pageFallback, type FallbackField } from './page-fallback';
import { elementScope, jsonText, type Scope, type SceneDocument } from './scene-document';
import { chainResolvers, itemResolver, normaliseUrl, siteVariables } from './scene-vars';
import { applySteps } from './steps';
import { renderTemplate, type VarResolver } from './template';

/**
 * Builds one ScrapedScene from a scene document: each field's alternatives in order (the first non-empty
 * wins), the JSON-LD / OpenGraph fallback for fields still empty, actor details, the scene id and filename
 * templates, site defaults and the required-field check.
 */

/** Fields in extraction order: a `value` template can use the fields read before it. */
const FIELD_ORDER: readonly SceneFieldName[] = [
  'site_id',
  'title',
  'site',
  'studio',
  'homepage_url',
  'members_url',
  'released',
  'duration',
  'synopsis',
  'covers',
  'gallery',
  'tags',
  'cast',
  'filenames',
  'scene_type',
  'has_script',
  'ai_script',
  'human_script',
  'trailer_type',
  'trailer_src',
  'chroma_key',
];

const LIST_FIELDS = new Set<SceneFieldName>(['covers', 'gallery', 'tags', 'cast', 'filenames']);

export type BuildResult = { ok: true; scene: ScrapedScene } | { ok: false; reason: string };

export interface BuildInput {
  definition: ScraperDefinition;
  site: SiteEntry;
  doc: SceneDocument;
  /** The scene URL the scene was found by (listing link, JSON item_url, or the single-scrape URL). */
  sceneUrl: string;
  /** Extra variables (single-scrape additional info, URL pattern groups). */
  extraVars?: Record<string, string>;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

function isTrue(values: readonly string[] | undefined): boolean {
  const first = (values?.[0] ?? '').trim().toLowerCase();
  return first !== '' && !['false', '0', 'no', 'off', 'null', 'none'].includes(first);
}

function fieldEmpty(scene: ScrapedScene, field: SceneFieldName): boolean {
  const value: unknown = {
    site_id: scene.siteId,
    title: scene.title,
    synopsis: scene.synopsis,
    released: scene.released,
    duration: scene.duration,
    covers: scene.covers,
    gallery: scene.gallery,
    tags: scene.tags,
    cast: scene.cast,
    filenames: scene.filenames,
    members_url: scene.membersUrl,
    homepage_url: scene.homepageUrl,
    scene_type: scene.sceneType,
    site: scene.site,
    studio: scene.studio,
    has_script: scene.hasScriptDownload,
    ai_script: scene.aiScript,
    human_script: scene.humanScript,
    trailer_type: scene.trailerType,
    trailer_src: scene.trailerSrc,
    chroma_key: scene.chromaKey,
  }[field];
  if (Array.isArray(value)) return value.length === 0;
  return value === '' || value === 0 || value === false;
}

/** The scopes `each` selects: HTML elements, or the JSON values (array elements) its path finds. */
function eachScopes(each: Extractor, doc: SceneDocument): Scope[] {
  const scope = sourceScope(each, doc);
  if (scope.kind === 'html' && each.sel !== undefined) {
    return selectElements(scope, each.sel).map((element) => elementScope(scope.$, element));
  }
  if (scope.kind === 'json' && each.json !== undefined) {
    for (const value of scope.values) {
      const found = jsonGet(value, each.json);
      if (found === undefined) continue;
      if (each.steps.length > 0) {
        // With steps (a comma list to split...), each resulting string is one actor; its text is the regex text.
        return applySteps(each.steps, jsonStrings(found), { baseUrl: doc.url, vars: () => undefined }).map(
          (entry): Scope => ({ kind: 'json', values: [entry], raw: () => entry }),
        );
      }
      const list: unknown[] = Array.isArray(found) ? found : [found];
      return list.map((entry): Scope => ({ kind: 'json', values: [entry], raw: jsonText(entry) }));
    }
  }
  return [];
}

function readActorDetails(
  spec: ActorDetailsSpec,
  context: ExtractContext,
): { names: string[]; details: Record<string, ScrapedActorDetails> } {
  const names: string[] = [];
  const details: Record<string, ScrapedActorDetails> = {};
  try {
    for (const scope of eachScopes(spec.each, context.doc)) {
      // `{actor.<path>}`: a gjson path into the actor's JSON value, for templates of its extractors.
      const actor = scope.kind === 'json' ? scope.values[0] : undefined;
      const vars = chainResolvers((name) => {
        if (!name.startsWith('actor.') || actor === undefined) return undefined;
        return jsonStrings(jsonGet(actor, name.slice('actor.'.length)))[0];
      }, context.vars);
      const actorContext: ExtractContext = { doc: context.doc, vars };
      const name = runExtractor(spec.name, actorContext, false, scope).join(' ').trim();
      if (name === '' || names.includes(name)) continue;
      names.push(name);
      const imageUrl = spec.image ? (runExtractor(spec.image, actorContext, false, scope)[0] ?? '') : '';
      const profileUrl = spec.profile
        ? (runExtractor(spec.profile, actorContext, false, scope)[0] ?? '')
        : '';
      const source = renderTemplate(spec.source, context.vars).text;
      if (imageUrl !== '' || profileUrl !== '') details[name] = { imageUrl, profileUrl, source };
    }
  } catch {
    return { names, details };
  }
  return { names, details };
}

export function buildScene(input: BuildInput): BuildResult {
  const { definition, site, doc } = input;
  const values = new Map<SceneFieldName, string[]>();
  const fieldVars: VarResolver = (name) => values.get(name as SceneFieldName)?.[0];
  const base: Record<string, string> = {
    ...siteVariables(site),
    url: input.sceneUrl,
    ...(input.extraVars ?? {}),
  };
  const vars = chainResolvers(fieldVars, itemResolver(doc.item), (name) => base[name]);
  const context: ExtractContext = { doc, vars };

  for (const field of FIELD_ORDER) {
    const spec = definition.scene.fields[field];
    const listField = LIST_FIELDS.has(field);
    let found: string[] = [];
    for (const extractor of spec === undefined ? [] : Array.isArray(spec) ? spec : [spec]) {
      if (extractor.merge === true) found = [...found, ...runExtractor(extractor, context, listField)];
      else if (found.length === 0) found = runExtractor(extractor, context, listField);
    }
    if (found.length === 0 && doc.html && (FALLBACK_FIELDS as readonly string[]).includes(field)) {
      found = pageFallback(doc.html, field as FallbackField);
    }
    if (found.length > 0) values.set(field, listField ? unique(found) : [found.join(' ')]);
  }

  const first = (field: SceneFieldName): string => values.get(field)?.[0] ?? '';
  const list = (field: SceneFieldName): string[] => values.get(field) ?? [];
  // A page of a family may name another member (a network's shared scene page): the scene is that site's.
  const owner = familyMemberNamed(definition.sites, first('site')) ?? site;
  const scene = emptyScrapedScene(owner.id);
  scene.siteId = first('site_id');
  scene.title = first('title');
  scene.site = first('site') || (owner.site ?? owner.name);
  scene.studio = first('studio') || owner.studio;
  scene.synopsis = first('synopsis');
  scene.released = first('released');
  const minutes = Math.round(Number(first('duration')));
  scene.duration = Number.isFinite(minutes) && minutes > 0 ? minutes : 0;
  scene.covers = list('covers');
  scene.gallery = list('gallery');
  scene.tags = list('tags');
  scene.cast = list('cast');
  scene.filenames = list('filenames');
  scene.membersUrl = first('members_url');
  scene.homepageUrl = normaliseUrl(first('homepage_url') || input.sceneUrl, definition.scene.url_normalise);
  scene.sceneType = first('scene_type') || 'VR';
  scene.hasScriptDownload = isTrue(values.get('has_script'));
  scene.aiScript = isTrue(values.get('ai_script'));
  scene.humanScript = isTrue(values.get('human_script'));
  scene.trailerType = first('trailer_type');
  scene.trailerSrc = first('trailer_src');
  scene.chromaKey = first('chroma_key');
  scene.masterSiteId = owner.master_site_id;

  if (definition.scene.actor_details) {
    const actors = readActorDetails(definition.scene.actor_details, context);
    scene.cast = unique([...scene.cast, ...actors.names]);
    scene.actorDetails = actors.details;
  }

  const templateVars = chainResolvers(fieldVars, itemResolver(doc.item), (name) => {
    if (name === 'site') return scene.site;
    if (name === 'studio') return scene.studio;
    return base[name];
  });
  const filenames = definition.scene.filename_templates
    .map((template) => renderTemplate(template, templateVars))
    .filter((rendered) => rendered.missing.length === 0)
    .map((rendered) => rendered.text);
  scene.filenames = unique([...scene.filenames, ...filenames]);

  const sceneId = renderTemplate(definition.scene.scene_id, templateVars);
  if (sceneId.missing.length > 0) {
    return {
      ok: false,
      reason: `no scene id: ${sceneId.missing.map((name) => `{${name}}`).join(', ')} empty`,
    };
  }
  scene.sceneId = sceneId.text;

  const missing = definition.scene.required.filter((field) => fieldEmpty(scene, field));
  if (missing.length > 0) return { ok: false, reason: `required field empty: ${missing.join(', ')}` };
  return { ok: true, scene };
}

/** The site of a family whose name (or Site value) is `named`, compared case-insensitively. */
function familyMemberNamed(sites: readonly SiteEntry[], named: string): SiteEntry | undefined {
  const wanted = named.trim().toLowerCase();
  if (wanted === '') return undefined;
  return sites.find((entry) =>
    [entry.name, entry.site ?? entry.name].some((name) => name.toLowerCase() === wanted),
  );
}
