import type { PostProcessing, PostProcessingName, RuleSetInput } from './rule-set.schema';

/*
 * Short forms for writing the built-in rule sets as data (the abbreviations of scraper-sites §7.3). They build
 * plain objects of the reference's JSON shape; `actor_scraper_config_examples.json` shows the result.
 */

type RuleInput = RuleSetInput['rules'][number];
type StepInput = NonNullable<RuleInput['post_processing']>[number];

const step = (name: PostProcessingName, ...params: string[]): StepInput => ({
  post_processing: name,
  params,
});

/** RegexString(regex, group). */
export const RS = (regex: string, group: number) => step('RegexString', regex, String(group));
/** Parse Date(Go layout). */
export const PD = (layout: string) => step('Parse Date', layout);
/** jsonString(gjson path). */
export const JS = (path: string) => step('jsonString', path);
/** RegexReplaceAll(regex, replacement). */
export const RRA = (regex: string, replacement: string) => step('RegexReplaceAll', regex, replacement);
/** Feet+Inches to cm(regex, feet group, inch group). */
export const FT_IN = (regex: string, feet = 1, inches = 2) =>
  step('Feet+Inches to cm', regex, String(feet), String(inches));
export const LC = step('Lookup Country');
export const IN_CM = step('inch to cm');
export const LBS_KG = step('lbs to kg');
export const ABS = step('AbsoluteUrl');
export const NO_QUERY = step('RemoveQueryParams');
export const DOM_NEXT_TEXT = step('DOMNextText');
export const UNESCAPE = step('UnescapeString');
export const SET_WHEN = (needle: string, value: string) => step('SetWhenValueContains', needle, value);
export const SET_UNLESS = (needle: string, value: string) => step('SetWhenValueNotContains', needle, value);

type Field = RuleInput['xbvr_field'];

/** A rule reading the text of the selected elements. */
export const text = (field: Field, selector: string, ...post: StepInput[]): RuleInput => ({
  xbvr_field: field,
  selector,
  post_processing: post,
});

/** A rule reading an attribute of the selected elements. */
export const attr = (field: Field, selector: string, attribute: string, ...post: StepInput[]): RuleInput => ({
  xbvr_field: field,
  selector,
  result_type: 'attr',
  attribute,
  post_processing: post,
});

/** A rule reading the inner HTML of the selected elements. */
export const html = (field: Field, selector: string, ...post: StepInput[]): RuleInput => ({
  xbvr_field: field,
  selector,
  result_type: 'html',
  post_processing: post,
});

/** A rule limited to the matches first..last (1-based). */
export const range = (rule: RuleInput, first: number, last: number): RuleInput => ({ ...rule, first, last });

/** One set per key, same rules, domain per key. */
export function family(
  domains: Record<string, string>,
  rules: readonly RuleInput[],
  isJson = false,
): Record<string, RuleSetInput> {
  return Object.fromEntries(
    Object.entries(domains).map(([key, domain]) => [key, { domain, isJson, rules: [...rules] }]),
  );
}

export type { PostProcessing, RuleInput };
