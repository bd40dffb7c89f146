import { Avatar, Badge, Checkbox, Group, Switch, Table, Text, Tooltip } from '@mantine/core';
import type { SiteToggleFlag, SiteWithHealth } from '@fovea/contract';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { proxiedImage } from '../../../components/proxied-image';
import { ScrapersHealthDetails } from './ScrapersHealthDetails';
import { ScrapersRowMenu } from './ScrapersRowMenu';
import type { RowAction } from './ScrapersRowMenu';
import {
  HEALTH_COLOUR,
  HEALTH_LABEL_KEY,
  canEnable,
  formatLastUpdate,
  siteHealth,
  splitSiteName,
} from './scrapers-health';

/** The switches of a row, in column order (scrape stash comes with StashDB scraping). */
export const ROW_SWITCHES = [
  'is_enabled',
  'limit_scraping',
  'subscribed',
] as const satisfies SiteToggleFlag[];

export interface RowHandlers {
  onSelect: (id: string, selected: boolean) => void;
  onToggle: (site: SiteWithHealth, flag: SiteToggleFlag) => void;
  onExpand: (id: string) => void;
  onAction: (site: SiteWithHealth, action: RowAction) => void;
}

interface ScrapersRowProps {
  site: SiteWithHealth;
  running: boolean;
  selected: boolean;
  expanded: boolean;
  scrapeBusy: boolean;
  /** Stable across renders, so an unchanged row is not drawn again. */
  handlers: RowHandlers;
  columns: number;
}

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

function StatusText({ site, running }: { site: SiteWithHealth; running: boolean }) {
  const { t } = useTranslation();
  if (running) {
    return (
      <Text size="sm" c="blue" fw={500} span>
        {t('scrapers.scrapingNow')}
      </Text>
    );
  }
  const updated = formatLastUpdate(site.last_update);
  if (updated === null) {
    return (
      <Text size="sm" c="dimmed" fs="italic" span>
        {t('scrapers.neverScraped')}
      </Text>
    );
  }
  return (
    <Text size="sm" span title={site.last_update}>
      {updated}
    </Text>
  );
}

function NameCell({ site }: { site: SiteWithHealth }) {
  const { t } = useTranslation();
  const { siteName, source } = splitSiteName(site.name);
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={proxiedImage(site.avatar_url, 'x40') || null} size={28} radius="sm" alt="">
        {siteName.slice(0, 2)}
      </Avatar>
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} data-testid="scraper-name">
          {siteName}
          {source !== '' && (
            <Text span c="dimmed" size="sm" fw={400}>
              {` (${source})`}
            </Text>
          )}
        </Text>
        {site.definition_error !== '' && (
          <Text size="xs" c="red" data-testid="scraper-definition-error" style={{ overflowWrap: 'anywhere' }}>
            {site.definition_error}
          </Text>
        )}
        {site.disabled_reason !== '' && (
          <Text size="xs" c="orange.8" data-testid="scraper-disabled-reason">
            {t('options.scrapers.disabledReason', { reason: site.disabled_reason })}
          </Text>
        )}
      </div>
    </Group>
  );
}

function ScrapersRowBase({
  site,
  running,
  selected,
  expanded,
  scrapeBusy,
  handlers,
  columns,
}: ScrapersRowProps) {
  const { t } = useTranslation();
  const health = running ? 'running' : siteHealth(site);
  const Chevron = expanded ? IconChevronDown : IconChevronRight;
  const switchLocked = (flag: SiteToggleFlag) =>
    flag === 'is_enabled' && !site.is_enabled && !canEnable(site);
  return (
    <>
      <Table.Tr
        data-testid={`scraper-row-${site.id}`}
        bg={selected ? 'var(--mantine-color-blue-light)' : undefined}
      >
        <Table.Td>
          <Checkbox
            aria-label={t('options.scrapers.select', { name: site.name })}
            checked={selected}
            onChange={(event) => handlers.onSelect(site.id, event.currentTarget.checked)}
          />
        </Table.Td>
        <Table.Td miw={200}>
          <NameCell site={site} />
        </Table.Td>
        <Table.Td ta="right" style={NO_WRAP} data-testid="scraper-scene-count">
          {site.scene_count}
        </Table.Td>
        <Table.Td style={NO_WRAP} data-testid="scraper-status">
          <StatusText site={site} running={running} />
        </Table.Td>
        <Table.Td style={NO_WRAP}>
          <Badge
            component="button"
            type="button"
            variant="light"
            tt="none"
            color={HEALTH_COLOUR[health]}
            rightSection={<Chevron size={12} />}
            aria-expanded={expanded}
            aria-label={t('options.scrapers.healthFor', {
              name: site.name,
              health: t(HEALTH_LABEL_KEY[health]),
            })}
            style={{ cursor: 'pointer' }}
            data-testid="scraper-health"
            data-health={health}
            onClick={() => handlers.onExpand(site.id)}
          >
            {t(HEALTH_LABEL_KEY[health])}
          </Badge>
        </Table.Td>
        {ROW_SWITCHES.map((flag) => {
          const locked = switchLocked(flag);
          const control = (
            <Switch
              size="sm"
              aria-label={t(`options.scrapers.switches.${flag}For`, { name: site.name })}
              checked={site[flag]}
              disabled={locked}
              onChange={() => handlers.onToggle(site, flag)}
            />
          );
          return (
            <Table.Td key={flag}>
              {locked ? (
                <Tooltip label={t('options.scrapers.cannotEnable')}>
                  <span>{control}</span>
                </Tooltip>
              ) : (
                control
              )}
            </Table.Td>
          );
        })}
        <Table.Td>
          <ScrapersRowMenu site={site} scrapeBusy={scrapeBusy} onAction={handlers.onAction} />
        </Table.Td>
      </Table.Tr>
      {expanded && (
        <Table.Tr>
          <Table.Td colSpan={columns} bg="var(--mantine-color-default-hover)">
            <ScrapersHealthDetails site={site} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/** One site: selection, avatar and name, scene count, status, health badge, switches and menu. */
export const ScrapersRow = memo(ScrapersRowBase);
