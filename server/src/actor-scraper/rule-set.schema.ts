import { z } from 'zod';

/*
 * The generic actor scraper's rule sets, in the reference's JSON shape (scraper-sites §7.1): a set per source
 * key ("vrhush scrape"), each with the host it may fetch and its rules; a rule reads one actor field from the
 * profile page with a CSS selector (or a gjson path for JSON pages) and a chain of post-processing functions.
 */

/** The actor fields a rule can fill (scraper-sites §7.1, field assignment). */
export const ACTOR_SCRAPE_FIELDS = [
  'birth_date',
  'height',
  'weight',
  'band_size',
  'waist_size',
  'hip_size',
  'cup_size',
  'ethnicity',
  'nationality',
  'gender',
  'eye_color',
  'hair_color',
  'biography',
  'aliases',
  'urls',
  'tattoos',
  'piercings',
  'image_url',
  'images',
  'start_year',
  'end_year',
] as const;
export const ActorScrapeField = z.enum(ACTOR_SCRAPE_FIELDS);
export type ActorScrapeField = z.infer<typeof ActorScrapeField>;

/** The post-processing functions (scraper-sites §7.2). */
export const POST_PROCESSING_FUNCTIONS = [
  'Lookup Country',
  'Parse Date',
  'inch to cm',
  'Feet+Inches to cm',
  'lbs to kg',
  'jsonString',
  'RegexString',
  'RegexReplaceAll',
  'Replace',
  'AbsoluteUrl',
  'RemoveQueryParams',
  'CollyForEach',
  'DOMNext',
  'DOMNextText',
  'SetWhenValueContains',
  'SetWhenValueNotContains',
  'UnescapeString',
] as const;
export const PostProcessingName = z.enum(POST_PROCESSING_FUNCTIONS);
export type PostProcessingName = z.infer<typeof PostProcessingName>;

const Text = z.string().max(2000);

/** What a selector's element gives: its trimmed text (`""`/`text`), an attribute (`attr`) or its inner HTML. */
export const ResultType = z.enum(['', 'text', 'attr', 'html']);

export interface SubRule {
  selector: string;
  result_type: '' | 'text' | 'attr' | 'html';
  attribute: string;
  first: number;
  last: number;
  post_processing: PostProcessing[];
}

export interface PostProcessing {
  post_processing: PostProcessingName;
  params: string[];
  sub_rule?: SubRule | null | undefined;
}

export const PostProcessing: z.ZodType<PostProcessing> = z.lazy(() =>
  z.object({
    post_processing: PostProcessingName,
    params: z
      .array(Text)
      .max(5)
      .nullish()
      .transform((params) => params ?? []),
    sub_rule: SubRuleSchema.nullish(),
  }),
);

const ruleShape = {
  selector: Text.min(1),
  result_type: ResultType.nullish().transform((type) => type ?? ''),
  attribute: z
    .string()
    .max(100)
    .nullish()
    .transform((name) => name ?? ''),
  /** 1-based range of the matches to use; 0 = no bound. */
  first: z
    .number()
    .int()
    .min(0)
    .max(1000)
    .nullish()
    .transform((n) => n ?? 0),
  last: z
    .number()
    .int()
    .min(0)
    .max(1000)
    .nullish()
    .transform((n) => n ?? 0),
  post_processing: z
    .array(PostProcessing)
    .max(20)
    .nullish()
    .transform((steps) => steps ?? []),
};

const SubRuleSchema: z.ZodType<SubRule> = z.lazy(() => z.object(ruleShape));

export const Rule = z.object({ xbvr_field: ActorScrapeField, ...ruleShape });
export type Rule = z.infer<typeof Rule>;

export const RuleSet = z.object({
  /** The only host the set may fetch (`www.` is ignored on both sides). */
  domain: z.string().min(1).max(253),
  isJson: z
    .boolean()
    .nullish()
    .transform((json) => json ?? false),
  rules: z.array(Rule).max(200),
});
export type RuleSet = z.infer<typeof RuleSet>;
export type RuleSetInput = z.input<typeof RuleSet>;

/** A rule-set key: "<source> scrape". */
export const RuleSetKey = z
  .string()
  .min(1)
  .max(100)
  .regex(/^\S.* scrape$/, 'a rule-set key ends in " scrape"');

/** `actor_scraper_custom_config.json`: the owner's sets, added to the built-ins or replacing them by key. */
export const ActorScraperConfigFile = z.object({
  GenericActorScrapingConfig: z.record(RuleSetKey, RuleSet),
});
