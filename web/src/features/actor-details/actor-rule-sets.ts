import type { ActorRuleSetInfo } from '@fovea/contract';

const SCRAPE_SUFFIX = ' scrape';

/** A host as rule sets compare it: lower case, without a leading "www.". */
const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, '');

function hostOf(url: string): string | null {
  try {
    return bareHost(new URL(url).hostname);
  } catch {
    return null;
  }
}

/**
 * Whether the actor scraper can read a profile URL of this type: a rule set keyed "<key> scrape" whose type
 * starts with <key> and whose domain is the URL's host (as the server chooses them).
 */
export function ruleSetReads(sets: readonly ActorRuleSetInfo[], url: string, type: string): boolean {
  const host = hostOf(url);
  if (host === null || !type.endsWith(SCRAPE_SUFFIX)) return false;
  return sets.some(
    ({ key, domain }) => type.startsWith(key.slice(0, -SCRAPE_SUFFIX.length)) && bareHost(domain) === host,
  );
}
