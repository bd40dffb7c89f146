import type { ActorUrl } from '@fovea/contract';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useActorRuleSets } from '../../api/queries/actor-scraper';
import { ActorProfileScrape } from '../actor-details/ActorProfileScrape';
import { ruleSetReads } from '../actor-details/actor-rule-sets';

/** What the Actor Scraper tab needs to scrape: the actor, whether the form has unsaved changes, and a reload. */
export interface ActorScraping {
  actorId: number;
  dirty: boolean;
  /** After a scrape: the form starts again from the actor as the server now has it. */
  onScraped: () => void;
}

/**
 * The Actor Scraper tab's "Scrape now" list: each profile URL a rule set reads, with its Scrape button. Scraping
 * waits for unsaved changes to be saved (the form then starts again from the scraped actor, so nothing the
 * owner typed is lost or saved over the scrape).
 */
export function ActorScraperRun({
  scrapers,
  scraping,
}: {
  scrapers: readonly ActorUrl[];
  scraping: ActorScraping;
}) {
  const { t } = useTranslation();
  const sets = useActorRuleSets().data?.sets ?? [];
  const readable = scrapers.filter((entry) => ruleSetReads(sets, entry.url, entry.type));
  if (readable.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="actor-edit-scrape">
      <Title order={5}>{t('actorEdit.scrapeTitle')}</Title>
      {scraping.dirty && (
        <Text size="sm" c="dimmed">
          {t('actorEdit.scrapeSaveFirst')}
        </Text>
      )}
      {readable.map((entry, i) => (
        <Group key={`${i}/${entry.url}`} gap="xs" wrap="nowrap">
          <Anchor
            href={entry.url}
            target="_blank"
            rel="noreferrer"
            fz="sm"
            style={{ overflowWrap: 'anywhere' }}
          >
            {entry.url}
          </Anchor>
          <ActorProfileScrape
            actorId={scraping.actorId}
            url={entry.url}
            type={entry.type}
            onScraped={scraping.onScraped}
            {...(scraping.dirty ? { disabledReason: t('actorEdit.scrapeSaveFirst') } : {})}
          />
        </Group>
      ))}
    </Stack>
  );
}
