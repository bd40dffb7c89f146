import type { AdditionalInfoField, SingleSceneRoute, SingleSceneWarning } from '@fovea/contract';
import type { ParseKeys, TFunction } from 'i18next';
import { ApiRequestError } from '../../../api/client';
import { notifyDanger, notifyWarningLong } from '../../../components/notify';

/** Longest scene URL accepted by the form. */
export const SCENE_URL_MAX_LENGTH = 2_000;
/** Longest value of an additional-info field. */
export const ADDITIONAL_INFO_MAX_LENGTH = 500;

/** True for an absolute http(s) URL (the single-scene URL is trimmed first). */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function matches(pattern: string, url: string): boolean {
  try {
    return new RegExp(pattern).test(url);
  } catch {
    // A pattern the browser cannot compile matches nothing (the server validates definitions).
    return false;
  }
}

/**
 * The single-scene scraper for a URL: every route whose patterns match, the last one winning (as in the
 * reference, where a later, more specific entry overrides an earlier catch-all). Null: no scraper.
 */
export function routeForUrl(routes: readonly SingleSceneRoute[], url: string): SingleSceneRoute | null {
  const trimmed = url.trim();
  if (trimmed === '') return null;
  let found: SingleSceneRoute | null = null;
  for (const route of routes) {
    if (route.url_patterns.some((pattern) => matches(pattern, trimmed))) found = route;
  }
  return found;
}

export type AdditionalInfoProblem = 'required' | 'digits' | null;

/** What is wrong with a value of an additional-info field: empty but required, or not digits in a number. */
export function additionalInfoProblem(
  field: Pick<AdditionalInfoField, 'required' | 'type'>,
  value: string,
): AdditionalInfoProblem {
  const trimmed = value.trim();
  if (field.required && trimmed === '') return 'required';
  if (field.type === 'number' && trimmed !== '' && !/^\d+$/.test(trimmed)) return 'digits';
  return null;
}

/** The additional-info list the single scrape sends, each field with its (trimmed) value. */
export function additionalInfoBody(
  route: SingleSceneRoute,
  values: Readonly<Record<string, string>>,
): AdditionalInfoField[] {
  return route.additional_info.map((field) => ({
    ...field,
    fieldValue: (values[field.fieldName] ?? '').trim(),
  }));
}

/** The warning toasts (10 s) of a single scrape's answer, in the texts of options-spec §8. */
export const WARNING_KEY: Record<SingleSceneWarning, ParseKeys> = {
  release_date: 'warnings.checkReleaseDate',
  duration: 'warnings.specifyDuration',
  cover: 'warnings.specifyCoverUrl',
  previews: 'warnings.previewsUnavailable',
  site: 'warnings.checkSite',
};

/** The server's non-OK statuses that have a catalogue text; any other status is shown as it is. */
const STATUS_KEY: Readonly<Record<string, ParseKeys>> = {
  'No scrapers exist for this domain': 'errors.noScraperForDomain',
  'Scraper does not exist': 'errors.scraperDoesNotExist',
  'Scene Id Required': 'errors.sceneIdRequired',
};

export function statusKey(status: string): ParseKeys | null {
  return Object.hasOwn(STATUS_KEY, status) ? (STATUS_KEY[status] ?? null) : null;
}

/**
 * Tells the owner how a single scrape went: the warning toasts (10 s) of an OK answer, or its status as a
 * danger toast. True when the scrape succeeded.
 */
export function reportSingleScrape(
  answer: { status: string; warnings: readonly SingleSceneWarning[] },
  t: TFunction,
): boolean {
  if (answer.status !== 'OK') {
    const key = statusKey(answer.status);
    notifyDanger(key === null ? answer.status : t(key));
    return false;
  }
  for (const warning of answer.warnings) notifyWarningLong(t(WARNING_KEY[warning]));
  return true;
}

/** A failed single scrape call as a danger toast: the server's message, or its catalogue text. */
export function reportSingleScrapeError(error: Error, t: TFunction): void {
  if (error instanceof ApiRequestError && error.status === 0) {
    notifyDanger(t('errors.errorMessage', { message: t('errors.network') }));
    return;
  }
  const key = statusKey(error.message);
  notifyDanger(key === null ? t('errors.errorMessage', { message: error.message }) : t(key));
}
