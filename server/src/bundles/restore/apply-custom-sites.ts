import { CustomSiteBody, type BundleCustomSite, type CustomSite } from '@fovea/contract';
import type { CustomSiteService } from '../../custom-sites/custom-site.service';
import { parseCustomSiteUrl } from '../../custom-sites/custom-site-url';
import { HttpError } from '../../http/http-errors';
import { throwIfAborted } from '../../jobs/job-definition';
import type { SpooledBundle } from '../spooled-bundle';
import { BatchTally } from './apply-batches';
import type { ApplyContext, SectionApplier } from './section-applier';

/** What a restore needs of the custom sites: the service the custom-site form uses. */
export type CustomSiteStore = Pick<CustomSiteService, 'list' | 'save'>;

const SECTION = 'foveaCustomSites';

/** The bundle's field each form field comes from, for rejection reasons. */
const BUNDLE_FIELD: Readonly<Record<keyof CustomSiteBody, keyof BundleCustomSite>> = {
  scraperUrl: 'url',
  scraperName: 'name',
  scraperCompany: 'company',
  scraperAvatar: 'avatar_url',
  masterSiteId: 'master_site_id',
};

/** The columns a save of this body writes (the service's defaults applied), to tell an unchanged site. */
interface SavedValues {
  url: string;
  name: string;
  company: string;
  avatar_url: string;
  master_site_id: string;
}

type Checked =
  { ok: true; body: CustomSiteBody; id: string; values: SavedValues } | { ok: false; reason: string };

/** A bundle record as the custom-site form's body, checked as the form's is; the reason when it is not one. */
export function checkCustomSite(site: BundleCustomSite): Checked {
  const parsed = CustomSiteBody.safeParse({
    scraperUrl: site.url,
    scraperName: site.name,
    scraperCompany: site.company ?? '',
    scraperAvatar: site.avatar_url ?? '',
    masterSiteId: site.master_site_id ?? '',
  });
  if (!parsed.success) {
    const reason = parsed.error.issues
      .map((issue) => {
        const field = issue.path[0];
        const name =
          typeof field === 'string' && field in BUNDLE_FIELD
            ? BUNDLE_FIELD[field as keyof CustomSiteBody]
            : '';
        return name === '' ? issue.message : `${name}: ${issue.message}`;
      })
      .join('; ');
    return { ok: false, reason };
  }
  const body = parsed.data;
  const url = parseCustomSiteUrl(body.scraperUrl);
  if (!url.ok) return { ok: false, reason: url.message };
  return {
    ok: true,
    body,
    id: url.value.id,
    values: {
      url: url.value.url,
      name: body.scraperName,
      company: body.scraperCompany || body.scraperName,
      avatar_url: body.scraperAvatar,
      master_site_id: body.masterSiteId,
    },
  };
}

const sameValues = (values: SavedValues, stored: CustomSite): boolean =>
  (Object.keys(values) as (keyof SavedValues)[]).every((key) => values[key] === stored[key]);

/** A rejection's key: the studio URL (bounded, as the reader's keys are). */
const keyOf = (site: BundleCustomSite): string => site.url.slice(0, 500);

const isAlternate = (site: BundleCustomSite): boolean => (site.master_site_id ?? '').trim() !== '';

/**
 * Fovea's `foveaCustomSites` section: each custom site is created or edited through the custom-site service, as
 * the form does, so the scraper definitions reload and the sites table follows (the site is scrapable at once).
 * Main sites go first, then alternate ones (whose main site may be one of them). A site already there is left
 * alone without overwrite, and when the bundle would not change it; an entry the form would refuse (a URL on no
 * aggregator, an unknown main site, a site id a built-in scraper uses) is rejected with the reason, and the
 * restore goes on. Without the service (`store` null) every entry is rejected.
 */
export class CustomSiteSectionApplier implements SectionApplier {
  readonly sections = [SECTION] as const;

  constructor(private readonly store: CustomSiteStore | null) {}

  async apply(bundle: SpooledBundle, context: ApplyContext): Promise<void> {
    const store = this.store;
    const known = store ? new Map((await store.list()).map((site) => [site.id, site])) : null;
    let done = 0;
    for (const alternates of [false, true]) {
      for await (const site of bundle.records(SECTION)) {
        if (isAlternate(site) !== alternates) continue;
        throwIfAborted(context.signal);
        context.tally.count(SECTION, 'read');
        const batch = new BatchTally(SECTION);
        if (store && known) await this.applyOne(store, known, site, context.options.overwrite, batch);
        else
          batch.reject(keyOf(site), 'custom sites cannot be restored here: there is no custom-site service');
        batch.commit(context.tally);
        context.progress(SECTION, (done += 1));
      }
    }
  }

  private async applyOne(
    store: CustomSiteStore,
    known: Map<string, CustomSite>,
    site: BundleCustomSite,
    overwrite: boolean,
    batch: BatchTally,
  ): Promise<void> {
    const checked = checkCustomSite(site);
    if (!checked.ok) {
      batch.reject(keyOf(site), checked.reason);
      return;
    }
    const stored = known.get(checked.id);
    if (stored && (!overwrite || sameValues(checked.values, stored))) {
      batch.count('skipped');
      return;
    }
    try {
      const saved = await store.save(checked.body);
      known.set(saved.id, saved);
      batch.count(stored ? 'updated' : 'added');
    } catch (error) {
      // The form's refusals (400, 409) concern this entry only; anything else stops the restore.
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
      batch.reject(keyOf(site), error.message);
    }
  }
}
