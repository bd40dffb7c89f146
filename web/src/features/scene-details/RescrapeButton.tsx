import type { Scene } from '@fovea/contract';
import { ActionIcon, Loader, Tooltip } from '@mantine/core';
import { IconWorldDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSingleScrape, useSiteList } from '../../api/queries/scrapers';
import { notifySuccess } from '../../components/notify';
import { reportSingleScrape, reportSingleScrapeError } from '../options/sections/scrapers-single-scene';
import { javRescrapeSource } from './jav-rescrape';
import { JavRescrapeButton } from './JavRescrapeButton';

/** A scene can be scraped again from its own page when it has one and its site still exists. */
export function canRescrape(
  scene: Pick<Scene, 'scene_url' | 'scraper_id'>,
  siteIds: readonly string[],
): boolean {
  return (
    /^https?:\/\//i.test(scene.scene_url.trim()) &&
    scene.scraper_id !== '' &&
    siteIds.includes(scene.scraper_id)
  );
}

/**
 * Rescrape: the scene's page is scraped again by its site's scraper (POST /api/task/singlescrape); the
 * answered scene replaces the shown one, and the definition's warnings are shown. A JAV scene (no scraper) is
 * imported again by its source instead (JavRescrapeButton).
 */
export function RescrapeButton({ scene }: { scene: Scene }) {
  const { t } = useTranslation();
  const hasPage = scene.scene_url.trim() !== '' && scene.scraper_id !== '';
  const sites = useSiteList(hasPage);
  const scrape = useSingleScrape();
  const siteIds = sites.data?.map((site) => site.id) ?? [];
  const javSource = javRescrapeSource(scene);
  if (javSource !== null) return <JavRescrapeButton scene={scene} source={javSource} />;
  if (!canRescrape(scene, siteIds)) return null;

  const label = t('sceneDetails.rescrape');
  return (
    <Tooltip label={t('sceneDetails.rescrapeHint')}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={label}
        data-testid="scene-rescrape"
        disabled={scrape.isPending}
        onClick={() =>
          scrape.mutate(
            { site: scene.scraper_id, sceneurl: scene.scene_url.trim(), additionalinfo: [] },
            {
              // An OK answer's scene is put in the caches by useSingleScrape, so the details show it.
              onSuccess: (answer) => {
                if (reportSingleScrape(answer, t)) notifySuccess(t('sceneDetails.rescraped'));
              },
              onError: (error) => reportSingleScrapeError(error, t),
            },
          )
        }
      >
        {scrape.isPending ? <Loader size={16} /> : <IconWorldDownload size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}
