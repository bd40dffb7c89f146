import { EXTERNAL_SOURCE_SCRAPE_SUFFIX } from '@fovea/contract';
import { profileReference } from '../services/actor-extref.service';

/** The type of a profile URL added by hand: from its domain ("vrhush scrape", "slr scrape", "stashdb performer"). */
export const urlSource = (url: string): string => profileReference(url).external_source;

/** Site-name suffixes of the aggregators, whose sites' profile URLs share one type (scraper-sites §7.1). */
const SITE_SUFFIXES: readonly [string, string][] = [
  ['POVR)', 'povr'],
  ['SLR)', 'slr'],
  ['VRP Hub)', 'vrphub'],
  ['VRPorn)', 'vrporn'],
  ['RealVR)', 'realvr'],
];

/** The profile URL type of a whole site: from its name's aggregator suffix, else "<site id> scrape". */
export function siteSource(siteId: string, siteName: string): string {
  const suffix = SITE_SUFFIXES.find(([ending]) => siteName.trim().endsWith(ending));
  return `${suffix ? suffix[1] : siteId}${EXTERNAL_SOURCE_SCRAPE_SUFFIX}`;
}

/** The host a rule set's domain and a URL are compared by: lower case, without a leading "www.". */
export const bareHost = (host: string): string => host.toLowerCase().replace(/^www\./, '');
