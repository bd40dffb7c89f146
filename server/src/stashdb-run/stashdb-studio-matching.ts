/*
 * Which StashDB studio a site's scenes are in, and how a site's scenes are recognised among StashDB's when
 * their URLs differ (scraper-sites §5, StashSceneMatching). Data, with the pure functions that apply it.
 */

/** A rule: a regex group of a scene's field must equal a regex group of one of the StashDB scene's URLs. */
export interface SceneMatchRule {
  field: 'scene_id' | 'scene_url';
  fieldRegex: RegExp;
  fieldGroup: number;
  stashRegex: RegExp;
  stashGroup: number;
}

/** A site's StashDB studio (or a parent studio's scenes with a tag) and its rules. */
export interface StudioMatching {
  studioId: string;
  parentStudioId?: string;
  tagId?: string;
  rules: SceneMatchRule[];
}

/** The id at the end of a scene_id (`-123`) against the same id at the end of a StashDB URL. */
const trailingIdRule = (hosts: string, stashGroup = 3): SceneMatchRule => ({
  field: 'scene_id',
  fieldRegex: /-\d+$/,
  fieldGroup: 0,
  stashRegex: new RegExp(`(${hosts}).com\\/(.*)(-\\d*?)\\/?$`),
  stashGroup,
});

/** The same regex group of the scene's URL and of a StashDB URL. */
const sameUrlRule = (regex: RegExp, group: number): SceneMatchRule => ({
  field: 'scene_url',
  fieldRegex: regex,
  fieldGroup: group,
  stashRegex: regex,
  stashGroup: group,
});

const CZECH_VR = /(czechvrnetwork|czechvr|czechvrcasting|czechvrfetish|vrintimacy).com\/([^/]+)\/?$/;

/** Sites whose StashDB studio is named differently, by site id. */
const STUDIO_IDS: Record<string, string> = {
  'allvrporn-vrporn': '44fd483b-85eb-4b22-b7f2-c92c1a50923a',
  bvr: '1ffbd972-7d69-4ccb-b7da-c6342a9c3d70',
  'cuties-vr': '1e5240a8-29b3-41ed-ae28-fc9231eac449',
  darkroomvr: 'e57f0b82-a8d0-4904-a611-71e95f9b9248',
  ellielouisevr: '47764349-fb49-42b9-8445-7fa4fb13f9e1',
  emilybloom: 'b359a2fe-dcf0-46e2-8ace-a684df52573e',
  herpovr: '7d94a83d-2b0b-4076-9e4c-fd9dc6222b8a',
  jimmydraws: 'bf7b7b9a-b96a-401d-8412-ec3f52bcfb6c',
  kinkygirlsberlin: '7d892a03-dfbe-4476-917d-4940be13fb24',
  lustreality: 'f31021ba-f4c3-46eb-89c5-b114478d88d2',
  mongercash: '96ee2435-0b0f-4fb4-8b53-8c929aa493bd',
  only3xvr: '57391302-bac4-4f15-a64d-7cd9a9c152e0',
  povcentralvr: '57391302-bac4-4f15-a64d-7cd9a9c152e0',
  realhotvr: 'cf3510db-5fe5-4212-b5da-da27b5352d1c',
  realitylovers: '3463e72d-6af3-497f-b841-9119065d2916',
  sinsvr: '805820d0-8fb2-4b04-8c0c-6e392842131b',
  'squeeze-vr': 'b2d048da-9180-4e43-b41a-bdb4d265c8ec',
  swallowbay: '17ff0143-3961-4d38-a80a-fe72407a274d',
  tonightsgirlfriend: '69a66a95-15de-4b0a-9537-7f15b358392f',
  virtualrealamateur: 'cac0470b-7802-4946-b5ef-e101e166cdaf',
  virtualtaboo: '1e6defb1-d3a4-4f0c-8616-acd5c343ca2b',
  virtualxporn: 'd55815ac-955f-45a0-a0fa-f6ad335e212d',
  vrbangers: 'f8a826f6-89c2-4db0-a899-1229d11865b3',
  vrconk: 'b038d55c-1e94-41ff-938a-e6aafb0b1759',
  'vrmansion-slr': 'a01012bc-42e9-4372-9c25-58f0f94e316b',
  vrsexygirlz: 'b346fe21-5d12-407f-9f50-837f067956d7',
  vrsolos: 'b2d048da-9180-4e43-b41a-bdb4d265c8ec',
  vrspy: '513001ef-dff4-476d-840d-e22ef27e81ed',
  wankitnowvr: 'acb1ed8f-4967-4c5a-b16a-7025bdeb75c5',
  porncornvr: '9ecb1d29-64e8-4336-9bd2-5dda53341e29',
  wetvr: '981887d6-da48-4dfc-88d1-7ed13a2754f2',
  // The reference's rules for these two name regexes with no such group; only their studio is kept.
  virtualrealporn: '191ba106-00d3-4f01-8c57-0cf0e88a2a50',
  vrhush: 'c85a3d13-c1b9-48d0-986e-3bfceaf0afe5',
};

/** Sites whose scenes are recognised by rule, by site id. */
const RULED: Record<string, StudioMatching> = {
  wankzvr: { studioId: 'b04bca51-15ea-45ab-80f6-7b002fd4a02d', rules: [trailingIdRule('povr|wankzvr')] },
  naughtyamericavr: {
    studioId: '049c167b-0cf3-4965-aae5-f5150122a928',
    parentStudioId: '2be8463b-0505-479e-a07d-5abc7a6edd54',
    tagId: '6458e5cf-4f65-400b-9067-582141e2a329',
    rules: [trailingIdRule('naughtyamerica')],
  },
  'povr-originals': {
    studioId: 'b95c0ee4-2e95-46cf-aa67-45c82bdcd5fc',
    rules: [trailingIdRule('povr|wankzvr')],
  },
  brasilvr: {
    studioId: '511e41c8-5063-48b8-a8d9-4e18852da338',
    rules: [trailingIdRule('brasilvr|povr|wankzvr')],
  },
  milfvr: {
    studioId: '38382977-9f5e-42fb-875b-2f4dd1272b11',
    rules: [trailingIdRule('milfvr|povr|wankzvr')],
  },
  czechvr: { studioId: 'a9ed3948-5263-46f6-a3f0-e0dfc059ee73', rules: [sameUrlRule(CZECH_VR, 2)] },
  czechvrcasting: { studioId: '2fa76fba-ccd7-457d-bc7c-ebc1b09e580b', rules: [sameUrlRule(CZECH_VR, 2)] },
  czechvrfetish: { studioId: '19399096-7b83-4404-b960-f8f8c641a93e', rules: [sameUrlRule(CZECH_VR, 2)] },
  czechvrintimacy: { studioId: 'ddff31bc-e9d0-475e-9c5b-1cc151eda27b', rules: [sameUrlRule(CZECH_VR, 2)] },
  tmwvrnet: {
    studioId: 'fd1a7f1d-9cc3-4d30-be0d-1c05b2a8b9c3',
    rules: [sameUrlRule(/(teenmegaworld.net|tmwvrnet.com)(\/trailers)?\/([^/]+)\/?$/, 3)],
  },
  realjamvr: {
    studioId: '2059fbf9-94fe-4986-8565-2a7cc199636a',
    rules: [sameUrlRule(/(realjamvr.com)(.*)\/(\d*-?)([^/]+)\/?$/, 4)],
  },
  sexbabesvr: {
    studioId: 'b80d419c-4a81-44c9-ae79-d9614dd30351',
    rules: [sameUrlRule(/(sexbabesvr.com)(.*)\/([^/]+)\/?$/, 3)],
  },
  lethalhardcorevr: {
    studioId: '3a9883f6-9642-4be1-9a65-d8d13eadbdf0',
    rules: [sameUrlRule(/(lethalhardcorevr.com).*\/(\d{6,8})\/.*/, 2)],
  },
};

/**
 * The rules a site without an entry gets from its name: SLR and POVR studios end their scene ids with the
 * id their URLs end with. (The reference names group 2 for POVR, the slug before the id; group 3 is the id.)
 */
function generatedRules(siteName: string): SceneMatchRule[] {
  if (siteName.endsWith('SLR)')) {
    return [
      {
        field: 'scene_id',
        fieldRegex: /-\d+$/,
        fieldGroup: 0,
        stashRegex: /(sexlikereal).com\/[^0-9]*(-\d*)/,
        stashGroup: 2,
      },
    ];
  }
  if (siteName.endsWith('POVR)')) return [trailingIdRule('povr|wankzvr')];
  return [];
}

/** The configured studio and rules of a site; `studioId` is '' when its studio is found by name or link. */
export function studioMatching(siteId: string, siteName: string): StudioMatching {
  const ruled = RULED[siteId];
  if (ruled) return ruled;
  return { studioId: STUDIO_IDS[siteId] ?? '', rules: generatedRules(siteName) };
}

/** The text a regex group captures, or '' when the regex does not match. */
export function ruleKey(value: string, regex: RegExp, group: number): string {
  return regex.exec(value)?.[group] ?? '';
}

/** A URL without its trailing slashes, for comparing scene pages. */
export function pageKey(url: string): string {
  return url.trim().replace(/\/+$/, '');
}
