import { MEASURE_DASHED, MEASURE_SPACED, measurements } from './builtin-rule-sets.studios';
import {
  ABS,
  attr,
  DOM_NEXT_TEXT,
  family,
  FT_IN,
  html,
  IN_CM,
  JS,
  LBS_KG,
  LC,
  NO_QUERY,
  PD,
  range,
  RRA,
  RS,
  SET_UNLESS,
  SET_WHEN,
  text,
  UNESCAPE,
  type RuleInput,
} from './rule-set-builders';
import type { RuleSetInput } from './rule-set.schema';

/* The built-in rule sets of scraper-sites §7.3, second part: the Next.js, Badoink and other networks. */

const NEXT = 'script[Id="__NEXT_DATA__"]';
const model = (key: string) => `props.pageProps.model.${key}`;
const vrhush: RuleInput[] = [
  text('gender', NEXT, JS(model('gender'))),
  text('biography', NEXT, JS(model('Bio'))),
  text('eye_color', NEXT, JS(model('eyes'))),
  text('hair_color', NEXT, JS(model('hair'))),
  text('ethnicity', NEXT, JS(model('race'))),
  text('height', NEXT, JS(model('height')), FT_IN(String.raw`(\d+)\'(\d+)\"`)),
  text('weight', NEXT, JS(model('weight')), LBS_KG),
  attr('image_url', '.thumbnail img', 'src', ABS),
];

const latina = (label: string) => `ul.model-list>li:contains("${label}")>span+span`;
const vrlatina: RuleInput[] = [
  attr('image_url', 'div.model-avatar img', 'data-pagespeed-lazy-src', RS('(http.*)', 1)),
  attr('image_url', 'div.model-avatar img', 'src', RS('(http.*)', 1)),
  text('aliases', latina('Aka:')),
  text('hair_color', latina('Hair:')),
  text('eye_color', latina('Eyes:')),
  text('biography', latina('Biography:')),
  text('birth_date', latina('Dob:'), PD('2006-01-02')),
  text('height', latina('Height:'), RS(String.raw`(\d{2,3})`, 1)),
  text('weight', latina('Weight:'), RS(String.raw`(\d{2,3})`, 1)),
  text('band_size', latina('Measurements:'), RS(String.raw`(\d{2,3}).{1,2}`, 1), IN_CM),
  text('cup_size', latina('Measurements:'), RS(String.raw`\d{2,3}(.{1,2})`, 1)),
];

const girl = (label: string) => `.girl-details-stats-item:contains("${label}")>span+span`;
const badoink: RuleInput[] = [
  attr('image_url', 'img.girl-details-photo', 'src'),
  ...measurements(girl('Measurements:'), MEASURE_DASHED),
  text('height', girl('Height:'), FT_IN(String.raw`(\d+)\D*(\d{1,2})`)),
  text('weight', girl('Weight:'), RS(String.raw`(\d{2,3})`, 1), LBS_KG),
  text('aliases', girl('Aka:')),
  text('hair_color', girl('Hair:')),
  text('eye_color', girl('Eyes:')),
  text('ethnicity', girl('Ethnicity:')),
  text('nationality', girl('Country:'), LC),
  text('biography', 'div.girl-details-bio p'),
];

const params = (label: string) => `div.pornstar-detail__params:contains("${label}")`;
const darkroom: RuleInput[] = [
  attr('image_url', 'img.pornstar-detail__picture', 'src'),
  attr('urls', 'div.pornstar-detail__social a', 'href'),
  range(text('nationality', 'div.pornstar-detail__info span', RS('^(.*?),', 1), LC), 0, 1),
  text(
    'start_year',
    'div.pornstar-detail__info span:contains("Career Start")',
    RS(String.raw`Career Start .*(\d{4})`, 1),
  ),
  text('aliases', 'div.pornstar-detail__info span:contains("aka ")', RS('aka (.*)', 1)),
  text(
    'birth_date',
    params('Birthday:'),
    RS(String.raw`Birthday: (.{3} \d{1,2}, \d{4})`, 1),
    PD('Jan 2, 2006'),
  ),
  ...measurements(params('Measurements:'), MEASURE_SPACED),
  text('height', params('Height:'), RS(String.raw`Height:\s*(\d{2,3})\s*cm`, 1)),
  text('weight', params('Weight:'), RS(String.raw`Weight:\s*(\d{2,3})\s*kg`, 1)),
];

const jam = (label: string) => `div.details div div:contains("${label}")`;
const realjam: RuleInput[] = [
  attr('image_url', 'div.actor-view img', 'src'),
  text('gender', jam('Gender:'), RS('Gender: (.*)', 1)),
  text('nationality', jam('City and Country:'), RS(String.raw`City and Country:\s?(.*,)?(.*)$`, 2), LC),
  text('birth_date', jam('Date of Birth:'), RS('Date of Birth: (.*)', 1), PD('Jan. 2, 2006')),
  text('height', jam('Height:'), RS(String.raw`(\d{2,3})\s?cm`, 1)),
  text('weight', jam('Weight:'), RS(String.raw`(\d{2,3})\s?kg`, 1)),
  text('eye_color', jam('Eyes color:'), RS('Eyes color: (.*)', 1)),
  text('hair_color', jam('Hair color:'), RS('Hair color: (.*)', 1)),
  text('piercings', jam('Piercing:'), RS(String.raw`Piercing:\s?([v|V]arious)?([t|T]rue)?(.*)`, 3)),
  text('tattoos', jam('Tattoo:'), RS(String.raw`Tattoo:\s?([v|V]arious)?([t|T]rue)?(.*)`, 3)),
  text('biography', jam('About:'), RS('About: (.*)', 1)),
  text('waist_size', jam('Waist:'), RS(String.raw`(\d{2})`, 1), IN_CM),
  text('hip_size', jam('Hips:'), RS(String.raw`(\d{2})`, 1), IN_CM),
];

const LD = 'script[type="application/ld+json"]';
const povr: RuleInput[] = [
  text('image_url', LD, JS('image')),
  text('gender', LD, JS('gender')),
  text('birth_date', LD, JS('birthDate')),
  text('nationality', LD, JS('birthPlace'), RS(String.raw`^(.*,)?\s?(.*)$`, 2), LC),
  text('height', LD, JS('height'), RS(String.raw`(\d{3})`, 1)),
];

const tmw: RuleInput[] = [
  attr('image_url', 'meta[property="og:image"]', 'content'),
  text('hair_color', 'dt.model-profile-information-key:contains("Hair")', DOM_NEXT_TEXT),
  text('eye_color', 'dt.model-profile-information-key:contains("Eyes")', DOM_NEXT_TEXT),
  text('biography', 'p.model-profile-about--desktop'),
];

const SINS_MEASURE = 'h2:contains("Measurements") + p';
const SINS_HAIR_EYES = 'h2:contains("Hair ") + p';
const sins: RuleInput[] = [
  attr('image_url', '.model-header__photo img', 'src', ABS),
  text('birth_date', 'time', PD('02/01/2006')),
  text('band_size', SINS_MEASURE, RS(String.raw`^(\d{2,3})\s?.{1,2}\s?-\s?\d{2,3}\s?-\s?\d{2,3}?`, 1)),
  text('cup_size', SINS_MEASURE, RS(String.raw`^\d{2,3}\s?(.{1,2})\s?-\s?\d{2,3}\s?-\s?\d{2,3}?`, 1)),
  text('waist_size', SINS_MEASURE, RS(String.raw`^\d{2,3}\s?.{1,2}\s?-\s?(\d{2,3})\s?-\s?\d{2,3}?`, 1)),
  text('hip_size', SINS_MEASURE, RS(String.raw`^\d{2,3}\s?.{1,2}\s?-\s?\d{2,3}\s?-\s?(\d{2,3})?`, 1)),
  text('nationality', 'h2:contains("Country") + p', RS(String.raw`(.*)\s?(([\(|-]))`, 1), LC),
  text('weight', 'h2:contains("Weight") + p', RS(String.raw`(\d{2,3})\s?/`, 1)),
  text('height', 'h2:contains("Weight") + p', RS(String.raw`/\s?(\d{2,3})`, 1)),
  text('hair_color', SINS_HAIR_EYES, RS(String.raw`^(.*)\s?\/\s?(.*)?`, 1)),
  text('eye_color', SINS_HAIR_EYES, RS(String.raw`^(.*)\s?\/\s?(.*)?`, 2)),
  html(
    'biography',
    'div.model-header__intro',
    RS(String.raw`(?s)<h2>Bio<\/h2>(.*)`, 1),
    RRA('<[^>]*>', ''),
    RRA(String.raw`^\s+|\s+$`, ''),
  ),
];

const sexbabes: RuleInput[] = [
  attr('image_url', 'img.cover-picture', 'src'),
  text('nationality', 'h3:contains("Country") + span', LC),
  text('weight', 'h3:contains("Weight / Height") + span', RS(String.raw`^(\d{2,3}) ?\/`, 1)),
  text('height', 'h3:contains("Weight / Height") + span', RS(String.raw`\/ ?(\d{2,3})$`, 1)),
  html('biography', 'div.model-detail__box', RS(String.raw`<\/div>\s*([^<]+)$`, 1), UNESCAPE),
];

const spy = (label: string) => `.star-info-row-title:contains("${label}") + span`;
const SPY_MEASURE = String.raw`(\d+)([A-Za-z]*)-(\d+)-(\d+)`;
const vrspy: RuleInput[] = [
  text('biography', '.star-bio .show-more-text-container'),
  attr('image_url', '.avatar img', 'src', NO_QUERY),
  attr('images', '.avatar img', 'src', NO_QUERY),
  text('height', spy('Height:')),
  text('weight', spy('Weight:')),
  text('hair_color', spy('Hair Color:')),
  text('band_size', spy('Measurements:'), RS(SPY_MEASURE, 1)),
  text('cup_size', spy('Measurements:'), RS(SPY_MEASURE, 2)),
  text('waist_size', spy('Measurements:'), RS(SPY_MEASURE, 3)),
  text('hip_size', spy('Measurements:'), RS(SPY_MEASURE, 4)),
  text('nationality', spy('Nationality:'), LC),
];

const jav = (label: string) => `div > b:contains("${label}") + a`;
const JAV_MEASURE = 'div > b:contains("Measurements:")';
const javdatabase: RuleInput[] = [
  attr('image_url', 'img[src^="https://www.javdatabase.com/idolimages/full/"]', 'src', ABS),
  attr(
    'images',
    'a[href^="https://pics.dmm.co.jp/digital/video/"]:not([href^="https://pics.dmm.co.jp/digital/video/mdj010/"])',
    'href',
    ABS,
  ),
  text('biography', 'div[id="biography"] > div'),
  text('hair_color', jav('Hair Color(s):')),
  text('cup_size', jav('Cup:')),
  text('birth_date', jav('DOB:')),
  text('height', jav('Height:'), RS(String.raw`\d+`, 0)),
  text('band_size', JAV_MEASURE, DOM_NEXT_TEXT, RS(String.raw`(\d+)-(\d+)-(\d+)`, 1)),
  text('waist_size', JAV_MEASURE, DOM_NEXT_TEXT, RS(String.raw`(\d+)-(\d+)-(\d+)`, 2)),
  text('hip_size', JAV_MEASURE, DOM_NEXT_TEXT, RS(String.raw`(\d+)-(\d+)-(\d+)`, 3)),
  text('aliases', 'div > p > b:contains("Alt:")', DOM_NEXT_TEXT),
  text(
    'gender',
    'div > p:contains("Tags")',
    SET_WHEN('Trans', 'Transgender Female'),
    SET_UNLESS('Trans', 'Female'),
  ),
];

export const NETWORK_RULE_SETS: Record<string, RuleSetInput> = {
  ...family({ 'vrhush scrape': 'vrhush.com', 'vrallure scrape': 'vrallure.com' }, vrhush),
  'vrlatina scrape': { domain: 'vrlatina.com', rules: vrlatina },
  ...family(
    {
      'badoinkvr scrape': 'badoinkvr.com',
      'babevr scrape': 'babevr.com',
      'vrcosplayx scrape': 'vrcosplayx.com',
      '18vr scrape': '18vr.com',
      'realvr scrape': 'realvr.com',
    },
    badoink,
  ),
  'darkroomvr scrape': { domain: 'darkroomvr.com', rules: darkroom },
  ...family({ 'realjamvr scrape': 'realjamvr.com', 'porncornvr scrape': 'porncornvr.com' }, realjam),
  'povr scrape': { domain: 'povr.com', rules: povr },
  'tmwvrnet scrape': { domain: 'tmwvrnet.com', rules: tmw },
  'sinsvr scrape': { domain: 'xsinsvr.com', rules: sins },
  'naughtyamericavr scrape': {
    domain: 'www.naughtyamerica.com',
    rules: [text('biography', 'p.bio_about_text'), attr('image_url', 'img.performer-pic', 'data-src', ABS)],
  },
  'sexbabesvr scrape': { domain: 'sexbabesvr.com', rules: sexbabes },
  'kinkvr scrape': {
    domain: 'www.kink.com',
    rules: [attr('image_url', 'div.kink-slider-images img', 'data-src')],
  },
  'vrspy scrape': { domain: 'vrspy.com', rules: vrspy },
  'javdatabase scrape': { domain: 'www.javdatabase.com', rules: javdatabase },
};
