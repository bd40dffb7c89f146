import type { Actor, ExternalReferenceLink } from '@fovea/contract';
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { actorUrls, dayOf, extrefUrl, isScraperUrl } from './actor-summary';
import { ActorProfileScrape } from './ActorProfileScrape';
import { ActorStashdbRefresh } from './ActorStashdbRefresh';
import classes from './actor-details.module.css';

function ExternalLink({ url, badge, note }: { url: string; badge: string; note?: string }) {
  return (
    <Group gap="xs" wrap="nowrap" data-testid="actor-link">
      {badge !== '' && (
        <Badge variant="light" color="gray" tt="none" style={{ flex: 'none' }}>
          {badge}
        </Badge>
      )}
      <Anchor href={url} target="_blank" rel="noreferrer" fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {url}
        <IconExternalLink size={12} style={{ marginLeft: 4, verticalAlign: -1 }} />
      </Anchor>
      {note !== undefined && (
        <Text fz="xs" c="dimmed" style={{ flex: 'none' }}>
          {note}
        </Text>
      )}
    </Group>
  );
}

/** The external references that are not one of the actor's urls (e.g. the StashDB performer). */
function otherExtrefs(actor: Actor, extrefs: readonly ExternalReferenceLink[]): ExternalReferenceLink[] {
  const urls = new Set(actorUrls(actor.urls).map((entry) => entry.url));
  return extrefs.filter((link) => extrefUrl(link) !== '' && !urls.has(extrefUrl(link)));
}

/** How many entries the Links tab lists. */
export const linkCount = (actor: Actor, extrefs: readonly ExternalReferenceLink[]): number =>
  actorUrls(actor.urls).length + otherExtrefs(actor, extrefs).length;

/** The Links tab: the actor's urls with their type, and its other external references; all open in a new window. */
export function ActorLinksTab({
  actor,
  extrefs,
}: {
  actor: Actor;
  extrefs: readonly ExternalReferenceLink[];
}) {
  const { t } = useTranslation();
  const urls = actorUrls(actor.urls);
  const others = otherExtrefs(actor, extrefs);
  if (urls.length + others.length === 0) return <Text c="dimmed">{t('actorDetails.links.none')}</Text>;
  return (
    <div className={classes.links} data-testid="actor-links">
      {urls.map((entry, i) => (
        <ExternalLink key={`url/${i}/${entry.url}`} url={entry.url} badge={entry.type} />
      ))}
      {others.map((link) => (
        <ExternalLink key={`ref/${link.id}`} url={extrefUrl(link)} badge={link.external_source} />
      ))}
    </div>
  );
}

/** The scraper sources: the urls of a "… scrape" type, and every external reference. */
export function scraperCount(actor: Actor, extrefs: readonly ExternalReferenceLink[]): number {
  return actorUrls(actor.urls).filter(isScraperUrl).length + otherExtrefs(actor, extrefs).length;
}

/**
 * The Scrapers tab: where the actor's details come from. Each actor-scraper url with the day it was last
 * scraped (from its external reference) or "not scraped yet", and the other external references (StashDB)
 * with their day; a StashDB performer with "Refresh from StashDB", a URL the actor scraper reads with "Scrape".
 */
export function ActorScrapersTab({
  actor,
  extrefs,
}: {
  actor: Actor;
  extrefs: readonly ExternalReferenceLink[];
}) {
  const { t } = useTranslation();
  const scrapers = actorUrls(actor.urls).filter(isScraperUrl);
  const others = otherExtrefs(actor, extrefs);
  const updated = (day: string) =>
    day === '' ? t('actorDetails.scrapers.notScraped') : t('actorDetails.scrapers.updated', { day });
  const dayOfUrl = (url: string) => {
    const link = extrefs.find((entry) => extrefUrl(entry) === url);
    return link === undefined ? '' : dayOf(link.external_reference.external_date);
  };
  if (scrapers.length + others.length === 0) {
    return <Text c="dimmed">{t('actorDetails.scrapers.none')}</Text>;
  }
  return (
    <Stack gap="md" data-testid="actor-scrapers">
      {scrapers.length > 0 && (
        <Stack gap="xs">
          <Title order={5}>{t('actorDetails.scrapers.actorScrapers')}</Title>
          <div className={classes.links}>
            {scrapers.map((entry, i) => (
              <Group key={`${i}/${entry.url}`} gap="xs" wrap="nowrap">
                <ExternalLink url={entry.url} badge={entry.type} note={updated(dayOfUrl(entry.url))} />
                <ActorProfileScrape actorId={actor.id} url={entry.url} type={entry.type} />
              </Group>
            ))}
          </div>
        </Stack>
      )}
      {others.length > 0 && (
        <Stack gap="xs">
          <Title order={5}>{t('actorDetails.scrapers.references')}</Title>
          <div className={classes.links}>
            {others.map((link) => (
              <Group key={link.id} gap="xs" wrap="nowrap">
                <ExternalLink
                  url={extrefUrl(link)}
                  badge={link.external_source}
                  note={updated(dayOf(link.external_reference.external_date))}
                />
                <ActorStashdbRefresh actorId={actor.id} link={link} />
              </Group>
            ))}
          </div>
        </Stack>
      )}
    </Stack>
  );
}
