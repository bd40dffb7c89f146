import {
  ABS,
  attr,
  family,
  FT_IN,
  IN_CM,
  JS,
  LBS_KG,
  LC,
  PD,
  range,
  RRA,
  RS,
  text,
  type RuleInput,
} from './rule-set-builders';
import type { RuleSetInput } from './rule-set.schema';

/* The built-in rule sets of scraper-sites §7.3, first part: studio sites and the JSON sets. */

const zexy: RuleInput[] = [
  text('birth_date', 'li:contains("Birth date") > b', PD('Jan 2, 2006')),
  text('height', 'li:contains("Height") > b:first-of-type', RS(String.raw`\d+`, 0)),
  text('nationality', 'li:contains("Nationality") > b', LC),
  text('band_size', 'li:contains("Bra size") > b:first-of-type', RS(String.raw`\d+`, 0)),
  text('cup_size', 'li:contains("Bra size") > b:first-of-type', RS('[A-K]{1,2}', 0)),
  text('eye_color', 'li:contains("Eye Color") > b'),
  text('hair_color', 'li:contains("Hair Color") > b'),
  text('weight', 'li:contains("Weight") > b:first-of-type', RS(String.raw`\d+`, 0)),
  attr('images', 'div.col-12.col-lg-5 > img, div.col-12.col-lg-7 img', 'src'),
  attr('image_url', 'div.col-12.col-lg-5 > img', 'src'),
];

const SLR_PERSON = String.raw`script[type="application/ld+json"]:contains("\/schema.org\/\",\"@type\": \"Person")`;
const slr: RuleInput[] = [
  text('image_url', SLR_PERSON, JS('image')),
  text('birth_date', SLR_PERSON, JS('birthDate'), PD('January 2, 2006')),
  text('height', SLR_PERSON, JS('height'), RS(String.raw`(\d{3})\s?cm`, 1)),
  text('weight', SLR_PERSON, JS('weight'), RS(String.raw`(\d{2,3})\s?kg`, 1)),
  text('nationality', SLR_PERSON, JS('nationality'), RS(String.raw`^(.*,)?\s?(.*)$`, 2), LC),
  text('biography', SLR_PERSON, JS('description')),
  text('aliases', 'div[data-qa="model-info-aliases"] div.u-wh'),
];

const babe = (label: string) => `div[id="model"] div:contains('${label}')+div`;
const baberotica: RuleInput[] = [
  text('birth_date', babe('Birth date:'), PD('January 2, 2006')),
  text('eye_color', babe('Eye Color:')),
  text('hair_color', babe('Hair color:')),
  text('height', babe('Height:'), RS(String.raw`\d+`, 0)),
  text('weight', babe('Weight:'), RS(String.raw`\d+`, 0)),
  text('ethnicity', babe('Ethnicity:')),
  text('aliases', babe('Aliases:')),
  text('nationality', babe('Country:'), LC),
  text('band_size', babe('Body:'), RS(String.raw`(B)(\d{2})`, 2), IN_CM),
  text('waist_size', babe('Body:'), RS(String.raw`(W)(\d{2})`, 2), IN_CM),
  text('hip_size', babe('Body:'), RS(String.raw`(H)(\d{2})`, 2), IN_CM),
  text('cup_size', babe('Breasts Cup:'), RS('[A-K]{1,2}', 0)),
  attr('image_url', 'div.m5 img', 'src'),
];

const vrpornKey = (key: string) => `data.item.attributes.#(key=="${key}").value`;
const vrporn: RuleInput[] = [
  text('nationality', vrpornKey('country_of_origin'), LC),
  text('nationality', vrpornKey('birth_place'), RS('([^,]+$)', 1), LC),
  text('nationality', vrpornKey('place-of-birth'), RS('([^,]+$)', 1), LC),
  text('birth_date', vrpornKey('birthday'), PD('20060102')),
  text('height', vrpornKey('height'), RS(String.raw`(\d{2,3}) cm`, 1)),
  text('height', vrpornKey('height')),
  text('weight', vrpornKey('weight'), RS(String.raw`(\d{2,3}) kg`, 1)),
  text('weight', vrpornKey('weight')),
  text('ethnicity', vrpornKey('ethnicity')),
  ...['eye-color', 'eyecolor', 'eye_color'].map((key) => text('eye_color', vrpornKey(key))),
  ...['hair-color', 'hair_color', 'haircolor'].map((key) => text('hair_color', vrpornKey(key))),
  text('band_size', vrpornKey('measurements'), RS(String.raw`(\d{2,3})-\d{2,3}-\d{2,3}`, 1), IN_CM),
  text('waist_size', vrpornKey('measurements'), RS(String.raw`\d{2,3}-(\d{2,3})-\d{2,3}`, 1), IN_CM),
  text('hip_size', vrpornKey('measurements'), RS(String.raw`\d{2,3}-\d{2,3}-(\d{2,3})`, 1), IN_CM),
];

/** The measurement regexes of fuckpassvr (also used by darkroomvr): band, cup, waist, hip. */
const DASH = String.raw`(?:\s?-|\s-\s)`;
export const MEASURE_SPACED = {
  band: String.raw`(\d{2,3}).{1,2}${DASH}\d{2,3}${DASH}\d{2,3}`,
  cup: String.raw`\d{2,3}(.{1,2})${DASH}\d{2,3}${DASH}\d{2,3}`,
  waist: String.raw`\d{2,3}.{1,2}${DASH}(\d{2,3})${DASH}\d{2,3}`,
  hip: String.raw`\d{2,3}.{1,2}${DASH}\d{2,3}${DASH}(\d{2,3})`,
};

/** band, cup, waist and hip rules from one measurements selector (inches to cm except the cup). */
export function measurements(
  selector: string,
  regexes: { band: string; cup: string; waist: string; hip: string },
): RuleInput[] {
  return [
    text('band_size', selector, RS(regexes.band, 1), IN_CM),
    text('cup_size', selector, RS(regexes.cup, 1)),
    text('waist_size', selector, RS(regexes.waist, 1), IN_CM),
    text('hip_size', selector, RS(regexes.hip, 1), IN_CM),
  ];
}

const star = (key: string) => `data.seo.porn_star.${key}`;
const fuckpass: RuleInput[] = [
  text('nationality', star('national'), LC),
  text('ethnicity', star('ethnicity')),
  text('eye_color', star('eye_color')),
  text('hair_color', star('hair_color')),
  ...measurements(star('measurement'), MEASURE_SPACED),
  text('birth_date', star('birthday'), PD('2006-01-02')),
  text('height', star('height')),
  text('weight', star('weight'), LBS_KG),
  text('biography', star('write_up'), RRA('<p>', ''), RRA('</p>', '\n'), RRA('<br>', '\n')),
  text('urls', star('slug'), RRA('^(.*)$', 'https://www.fuckpassvr.com/vr-pornstars/$0')),
  text('image_url', star('thumbnail_url')),
];

const REAL_LD = `script[type="application/ld+json"][class!='yoast-schema-graph']`;
const aboutRow = (label: string) => `table[id="table_about"] tr th:contains('${label}')+td`;
const virtualReal: RuleInput[] = [
  text('birth_date', REAL_LD, JS('birthDate'), PD('01/02/2006')),
  text('nationality', REAL_LD, JS('birthPlace'), LC),
  attr('image_url', 'div.feature_img_model > img', 'src'),
  text('eye_color', aboutRow('Eyes Color')),
  text('hair_color', aboutRow('Hair Color')),
  text('band_size', aboutRow('Bust')),
  text('waist_size', aboutRow('Waist')),
  text('hip_size', aboutRow('Hips')),
];

const grooby: RuleInput[] = [
  attr('image_url', 'div.model_photo img', 'src', ABS),
  range(text('biography', 'div[id="bio"] ul'), 1, 1),
  text('ethnicity', `div[id="bio"] li:contains('Ethnicity:')`, RS('^(Ethnicity: )(.+)', 2)),
  text('nationality', `div[id="bio"] li:contains('Nationality:')`, RS('^(Nationality: )(.+)', 2), LC),
  text(
    'height',
    `div[id="bio"] li:contains('Height:')`,
    RS('^(Height: )(.+)', 2),
    FT_IN(String.raw`(\d+)\'(\d+)\"`),
  ),
];

const vrbangers: RuleInput[] = [
  attr('image_url', 'div.single-model-profile__image > img', 'src'),
  range(text('biography', 'div.single-model-biography__content div.toggle-content__text'), 1, 1),
];

const realityLovers: RuleInput[] = [
  attr('image_url', 'img.girlDetails-posterImage', 'srcset', RS(String.raw`(.*) \dx,`, 1)),
  text('birth_date', '.girlDetails-info', RS(String.raw`(.{3} \d{2}.{2} \d{4})`, 1), PD('Jan 02 2006')),
  text('nationality', '.girlDetails-info', RS(String.raw`Country:\s*(.*)`, 1), LC),
  text('height', '.girlDetails-info', RS(String.raw`(\d{2,3}) cm`, 1)),
  text('weight', '.girlDetails-info', RS(String.raw`(\d{2,3}) kg`, 1)),
  text('biography', '.girlDetails-bio', RS(String.raw`Biography:\s*(.*)`, 1)),
];

/** The dashed measurement regexes of vrphub (and the Badoink family): band, cup, waist, hip. */
export const MEASURE_DASHED = {
  band: String.raw`(\d{2,3}).{1,2}-\d{2,3}-\d{2,3}`,
  cup: String.raw`\d{2,3}(.{1,2})-\d{2,3}-\d{2,3}`,
  waist: String.raw`\d{2,3}.{1,2}-(\d{2,3})-\d{2,3}`,
  hip: String.raw`\d{2,3}.{1,2}-\d{2,3}-(\d{2,3})`,
};

const hub = (label: string) => `span.details:contains("${label}") + span.details-value`;
const vrphub: RuleInput[] = [
  attr('image_url', '.model-thumb img', 'src'),
  text('aliases', hub('Aliases:')),
  text('ethnicity', hub('Ethnicity:')),
  ...measurements(hub('Measurements:'), MEASURE_DASHED),
  text('band_size', hub('Bra cup size:'), RS(String.raw`(\d{2,3}).{1,2}`, 1), IN_CM),
  text('cup_size', hub('Bra cup size:'), RS(String.raw`\d{2,3}(.{1,2})`, 1)),
  text('tattoos', 'span.tattoo-value', RS('(No Tattoos)?(.*)', 2)),
  text('piercings', hub('Piercings:'), RS('(No Piercings)?(.*)', 2)),
  text('biography', 'span.bio-details'),
  text('birth_date', hub('Date of birth:'), PD('January 2, 2006')),
  text('nationality', hub('Birthplace:'), RS('(.*, )?(.*)$', 2), LC),
  text('hair_color', hub('Hair Color:')),
  text('eye_color', hub('Eye Color:')),
  text('height', hub('Height:'), RS(String.raw`(\d{2,3}) cm`, 1)),
  text('weight', hub('Weight:'), RS(String.raw`(\d{2,3}) kg`, 1)),
  attr('urls', '.model-info-block2 a', 'href'),
];

export const STUDIO_RULE_SETS: Record<string, RuleSetInput> = {
  ...family({ 'zexyvr scrape': 'zexyvr.com', 'wankitnowvr scrape': 'wankitnowvr.com' }, zexy),
  ...family(
    {
      'slr scrape': 'www.sexlikereal.com',
      'slr-originals scrape': 'www.sexlikereal.com',
      'slr-jav-originals scrape': 'www.sexlikereal.com',
    },
    slr,
  ),
  'baberoticavr scrape': { domain: 'baberoticavr.com', rules: baberotica },
  'vrporn scrape': { domain: 'vrporn.com', isJson: true, rules: vrporn },
  'fuckpassvr-native scrape': { domain: 'www.fuckpassvr.com', isJson: true, rules: fuckpass },
  ...family(
    {
      'virtualrealporn scrape': 'virtualrealporn.com',
      'virtualrealtrans scrape': 'virtualrealtrans.com',
      'virtualrealgay scrape': 'virtualrealgay.com',
      'virtualrealpassion scrape': 'virtualrealpassion.com',
      'virtualrealamateurporn scrape': 'virtualrealamateurporn.com',
    },
    virtualReal,
  ),
  'groobyvr scrape': { domain: 'www.groobyvr.com', rules: grooby },
  ...family(
    {
      'vrbangers scrape': 'vrbangers.com',
      'vrbtrans scrape': 'vrbtrans.com',
      'vrbgay scrape': 'vrbgay.com',
      'vrconk scrape': 'vrconk.com',
      'blowvr scrape': 'blowvr.com',
    },
    vrbangers,
  ),
  'bvr scrape': {
    domain: 'virtualporn.com',
    rules: [attr('image_url', 'section[data-cy="actorProfilePicture"] img', 'src')],
  },
  ...family(
    { 'realitylovers scrape': 'realitylovers.com', 'tsvirtuallovers scrape': 'tsvirtuallovers.com' },
    realityLovers,
  ),
  'vrphub scrape': { domain: 'vrphub.com', rules: vrphub },
};
