import { NETWORK_RULE_SETS } from './builtin-rule-sets.networks';
import { STUDIO_RULE_SETS } from './builtin-rule-sets.studios';
import type { RuleSetInput } from './rule-set.schema';

/** Every built-in rule set of scraper-sites §7.3, by key ("<source> scrape"), in the reference's JSON shape. */
export const BUILTIN_RULE_SETS: Readonly<Record<string, RuleSetInput>> = {
  ...STUDIO_RULE_SETS,
  ...NETWORK_RULE_SETS,
};
