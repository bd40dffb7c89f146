import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useActorRuleSets, useScrapeActorProfile } from '../../api/queries/actor-scraper';
import { notifyDanger, notifySuccess } from '../../components/notify';
import { ruleSetReads } from './actor-rule-sets';

export interface ActorProfileScrapeProps {
  actorId: number;
  url: string;
  type: string;
  /** Off while the profile must not be scraped (unsaved edits); the reason as the button's title. */
  disabledReason?: string;
  /** After a successful scrape, once the actor has loaded again. */
  onScraped?: () => void;
}

/**
 * "Scrape" beside an actor-scraper URL (actor details → Scrapers, actor edit → Actor Scraper): reads the page
 * now and writes what it gives, except the fields the owner edited; the actor shows the result. Shown only when
 * a rule set reads the URL.
 */
export function ActorProfileScrape({
  actorId,
  url,
  type,
  disabledReason,
  onScraped,
}: ActorProfileScrapeProps) {
  const { t } = useTranslation();
  const sets = useActorRuleSets();
  const scrape = useScrapeActorProfile();
  if (!ruleSetReads(sets.data?.sets ?? [], url, type)) return null;
  return (
    <Button
      size="compact-xs"
      variant="light"
      leftSection={<IconDownload size={12} />}
      loading={scrape.isPending}
      disabled={disabledReason !== undefined}
      title={disabledReason}
      style={{ flex: 'none' }}
      data-testid="actor-profile-scrape"
      onClick={() =>
        scrape.mutate(
          { actorId, url },
          {
            onSuccess: () => {
              notifySuccess(t('actorDetails.scrapers.scraped'));
              onScraped?.();
            },
            onError: (error) => notifyDanger(t('errors.errorMessage', { message: error.message })),
          },
        )
      }
    >
      {t('actorDetails.scrapers.scrape')}
    </Button>
  );
}
