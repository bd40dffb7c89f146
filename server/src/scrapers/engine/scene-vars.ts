import { jsonGet } from '../../players/trailers/json-path';
import type { ScraperDefinition, SiteEntry } from '../definitions/definition.schema';
import { jsonStrings } from './extract';
import type { VarResolver } from './template';

/**
 * Template variables. The site's: its `vars`, `id` (the site id), `name`, `site` (display name), `studio`,
 * `domain`. Then `item.<path>`: a gjson path into the current JSON item (json engine listing item or scene
 * document). `{site_id}` is always the scene's own id field, never the site id.
 */
export function siteVariables(site: SiteEntry): Record<string, string> {
  return {
    ...site.vars,
    id: site.id,
    name: site.name,
    site: site.site ?? site.name,
    studio: site.studio,
    domain: site.domain,
  };
}

/** `item.<path>` against a JSON value, the first string found. */
export function itemResolver(item: unknown): VarResolver {
  return (name) => {
    if (!name.startsWith('item.') || item === undefined) return undefined;
    return jsonStrings(jsonGet(item, name.slice('item.'.length)))[0];
  };
}

/** Resolvers tried in order; the first that knows a non-empty value wins. */
export function chainResolvers(...resolvers: VarResolver[]): VarResolver {
  return (name) => {
    for (const resolve of resolvers) {
      const value = resolve(name);
      if (value !== undefined && value !== '') return value;
    }
    return undefined;
  };
}

/** URL normalisation for the known-scene check (the definition's `scene.url_normalise`). */
export function normaliseUrl(url: string, rules: ScraperDefinition['scene']['url_normalise']): string {
  let result = url.trim();
  for (const rule of rules) {
    if (rule === 'strip_query') {
      const cut = result.search(/[?#]/);
      if (cut !== -1) result = result.slice(0, cut);
    } else if (rule === 'trim_slash') {
      result = result.replace(/\/+$/, '');
    } else {
      result = result.toLowerCase();
    }
  }
  return result;
}

/** The named groups of the first single-scene URL pattern the URL matches (template variables). */
export function urlPatternGroups(definition: ScraperDefinition, url: string): Record<string, string> {
  for (const pattern of definition.single_scene?.url_patterns ?? []) {
    try {
      const match = new RegExp(pattern).exec(url);
      if (match) return { ...(match.groups ?? {}) };
    } catch {
      continue;
    }
  }
  return {};
}
