import { Button, CloseButton, Group, Loader, Paper, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlayerPlay, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BulkAction } from './scrapers-health';
import { ScrapersStashdbRun } from './ScrapersStashdbRun';

interface ScrapersToolbarProps {
  search: string;
  onSearch: (search: string) => void;
  scrapeBusy: boolean;
  onScrapeAll: () => void;
  reloading: boolean;
  onReload: () => void;
}

/** Search by name, Scrape all enabled and Reload definitions. */
export function ScrapersToolbar({
  search,
  onSearch,
  scrapeBusy,
  onScrapeAll,
  reloading,
  onReload,
}: ScrapersToolbarProps) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" justify="space-between">
      <TextInput
        placeholder={t('options.scrapers.search')}
        aria-label={t('options.scrapers.search')}
        leftSection={<IconSearch size={16} />}
        rightSection={
          search === '' ? null : (
            <CloseButton
              size="sm"
              aria-label={t('options.scrapers.clearSearch')}
              onClick={() => onSearch('')}
            />
          )
        }
        value={search}
        maxLength={100}
        onChange={(event) => onSearch(event.currentTarget.value)}
        w={280}
      />
      <Group gap="sm">
        <ScrapersStashdbRun busy={scrapeBusy} />
        <Button
          variant="default"
          leftSection={reloading ? <Loader size={14} /> : <IconRefresh size={16} />}
          disabled={reloading}
          onClick={onReload}
        >
          {t('options.scrapers.reloadDefinitions')}
        </Button>
        <Tooltip label={t('options.scrapers.scrapeRunning')} disabled={!scrapeBusy}>
          <Button
            leftSection={
              scrapeBusy ? <Loader size={14} color="currentColor" /> : <IconPlayerPlay size={16} />
            }
            disabled={scrapeBusy}
            data-busy={scrapeBusy ? 'true' : 'false'}
            onClick={onScrapeAll}
          >
            {t('options.scrapers.scrapeAll')}
          </Button>
        </Tooltip>
      </Group>
    </Group>
  );
}

interface ScrapersBulkBarProps {
  count: number;
  busy: boolean;
  onBulk: (action: BulkAction) => void;
  onClear: () => void;
}

const BULK_ACTIONS: readonly BulkAction[] = ['enable', 'disable', 'limitOn', 'limitOff'];

/** Shown while sites are selected: enable, disable, limit scraping on or off for all of them. */
export function ScrapersBulkBar({ count, busy, onBulk, onClear }: ScrapersBulkBarProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xs" data-testid="scrapers-bulk">
      <Group gap="sm">
        <Text size="sm" fw={500}>
          {t('options.scrapers.bulk.selected', { count })}
        </Text>
        {BULK_ACTIONS.map((action) => (
          <Button key={action} size="xs" variant="light" disabled={busy} onClick={() => onBulk(action)}>
            {t(`options.scrapers.bulk.${action}`)}
          </Button>
        ))}
        <Button size="xs" variant="subtle" color="gray" onClick={onClear}>
          {t('options.scrapers.bulk.clear')}
        </Button>
      </Group>
    </Paper>
  );
}
