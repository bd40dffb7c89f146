import type { ScraperDefinition, SiteEntry } from '../definitions/definition.schema';
import type { ScrapeFetcher } from '../http/scrape-fetcher';
import { endsTheRun } from './listing-walk';
import { fetchRequest, renderRequest } from './requests';
import { HtmlPage, parseJsonLoose, type ExtraDocument } from './scene-document';
import { chainResolvers, itemResolver } from './scene-vars';

/**
 * `scene.extra_pages`: further documents per scene (the scene page of a feed, a trailer JSON), fetched before
 * the scene is built and read by `from: extra:<name>`. Their URL templates see the site's variables, `{url}`
 * (the scene URL) and `{item.<path>}` (the JSON listing item). A page that cannot be fetched leaves its
 * fields empty (their alternatives still apply); a blocked answer or a cancel ends the run.
 */
export async function fetchExtraPages(input: {
  definition: ScraperDefinition;
  site: SiteEntry;
  fetcher: ScrapeFetcher;
  signal: AbortSignal;
  sceneUrl: string;
  item: unknown;
  extraVars?: Record<string, string>;
}): Promise<Record<string, ExtraDocument>> {
  const documents: Record<string, ExtraDocument> = {};
  const vars: Record<string, string> = { url: input.sceneUrl, ...(input.extraVars ?? {}) };
  const resolve = chainResolvers(itemResolver(input.item), (name) => vars[name]);
  for (const spec of input.definition.scene.extra_pages) {
    const request = renderRequest(spec.url, resolve, input.definition, input.site, input.sceneUrl);
    if (request === null) continue;
    try {
      const response = await fetchRequest(input.fetcher, request, spec.format, input.signal);
      documents[spec.name] =
        spec.format === 'html'
          ? { html: new HtmlPage(response.text, response.url), json: undefined }
          : { html: null, json: parseJsonLoose(response.text) };
    } catch (error) {
      if (endsTheRun(error, input.signal)) throw error;
    }
  }
  return documents;
}
