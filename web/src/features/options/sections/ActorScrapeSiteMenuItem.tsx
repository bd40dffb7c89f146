import { Menu } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useScrapeSiteActors } from '../../../api/queries/actor-scraper';
import { notifyDanger, notifySuccess } from '../../../components/notify';

/**
 * A Scrapers row's "Scrape actors": reads the profile pages of the site's actors again, overwriting what the
 * owner did not edit (a job under the scrape lock).
 */
export function ActorScrapeSiteMenuItem({ siteId }: { siteId: string }) {
  const { t } = useTranslation();
  const run = useScrapeSiteActors({
    onSuccess: () => notifySuccess(t('options.advanced.actorScrapeStarted')),
    onError: (error) => notifyDanger(t('errors.errorMessage', { message: error.message })),
  });
  return (
    <Menu.Item leftSection={<IconUsers size={16} />} onClick={() => run.mutate(siteId)}>
      {t('options.scrapers.scrapeActors')}
    </Menu.Item>
  );
}
