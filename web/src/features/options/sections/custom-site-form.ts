import { CUSTOM_SITE_NAME_MAX, CUSTOM_SITE_URL_MAX, customSiteList } from '@fovea/contract';
import type { CustomSite, RouteBody } from '@fovea/contract';

/** The Create Custom Site form's values. */
export interface CustomSiteDraft {
  url: string;
  name: string;
  company: string;
  avatar: string;
  masterSiteId: string;
}

export const emptyCustomSiteDraft = (): CustomSiteDraft => ({
  url: '',
  name: '',
  company: '',
  avatar: '',
  masterSiteId: '',
});

export function draftFromCustomSite(site: CustomSite): CustomSiteDraft {
  return {
    url: site.url,
    name: site.name,
    // A company equal to the name was most likely left to default: shown empty, it still saves the same.
    company: site.company === site.name ? '' : site.company,
    avatar: site.avatar_url,
    masterSiteId: site.master_site_id,
  };
}

/**
 * The URL check of options-spec §5: it starts with http(s):// or the host, and its host is one of the allowed
 * aggregator domains (the list itself is not shown).
 */
export function customSiteUrlAccepted(url: string): boolean {
  const trimmed = url.trim();
  return trimmed !== '' && trimmed.length <= CUSTOM_SITE_URL_MAX && customSiteList(trimmed) !== null;
}

/** Save is enabled only with a name and an accepted URL. */
export function canSaveCustomSite(draft: CustomSiteDraft): boolean {
  const name = draft.name.trim();
  return name !== '' && name.length <= CUSTOM_SITE_NAME_MAX && customSiteUrlAccepted(draft.url);
}

/** The company defaults to the name when left blank (the server does the same). */
export function customSiteBody(draft: CustomSiteDraft): RouteBody<'createCustomSite'> {
  const name = draft.name.trim();
  return {
    scraperUrl: draft.url.trim(),
    scraperName: name,
    scraperCompany: draft.company.trim() || name,
    scraperAvatar: draft.avatar.trim(),
    masterSiteId: draft.masterSiteId,
  };
}
