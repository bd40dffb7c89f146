import type { ScraperDefinition } from '../definitions/definition.schema';
import { runExtractor, type ExtractContext } from './extract';
import type { Scope } from './scene-document';
import type { ScriptFlags } from './site-scraper';

/**
 * `listing.scripts`: the script badges of one listing entry (card or item). Null when the definition has no
 * badges or the entry shows none; the AI and human flags are read only when it has scripts.
 */
export function readScriptFlags(
  definition: ScraperDefinition,
  context: ExtractContext,
  scope: Scope,
): Omit<ScriptFlags, 'sceneUrl'> | null {
  const spec = definition.listing.scripts;
  if (spec === undefined) return null;
  const found = (extractor: typeof spec.has_script | undefined) =>
    extractor !== undefined && runExtractor(extractor, context, false, scope).length > 0;
  if (!found(spec.has_script)) return null;
  return { aiScript: found(spec.ai_script), humanScript: found(spec.human_script) };
}
