import { Alert, List, Paper, Stack, Text } from '@mantine/core';
import type { DefinitionInfo, SiteWithHealth } from '@fovea/contract';
import { IconAlertTriangle, IconPlugConnectedX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  scraperKeys,
  useBulkToggleSiteFlag,
  useReloadDefinitions,
  useScraperHealth,
  useStartScrape,
  useToggleSiteFlag,
} from '../../../api/queries/scrapers';
import { useLock, useRealtimeEvent, useRunningScrapers } from '../../../app/realtime';
import { EmptyState } from '../../../components/EmptyState';
import { notifyDanger, notifySuccess } from '../../../components/notify';
import { findOptionsSection } from '../options-sections';
import { ScrapersConfirmDialogs } from './ScrapersConfirmDialogs';
import type { PendingConfirm } from './ScrapersConfirmDialogs';
import type { RowHandlers } from './ScrapersRow';
import { ScrapersTable } from './ScrapersTable';
import { ScrapersBulkBar, ScrapersToolbar } from './ScrapersToolbar';
import { bulkTargets, filterSites } from './scrapers-health';
import type { BulkAction } from './scrapers-health';
import { QueryGate } from './QueryGate';
import { SectionFrame } from './SectionFrame';

const BULK_FLAG = {
  enable: 'is_enabled',
  disable: 'is_enabled',
  limitOn: 'limit_scraping',
  limitOff: 'limit_scraping',
} as const;

function flip(set: ReadonlySet<string>, id: string, on: boolean): ReadonlySet<string> {
  if (set.has(id) === on) return set;
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

function DefinitionErrors({ errors, onClose }: { errors: DefinitionInfo[]; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={t('options.scrapers.definitionErrors', { count: errors.length })}
      withCloseButton
      onClose={onClose}
      data-testid="scrapers-definition-errors"
    >
      <List size="sm" spacing={2}>
        {errors.map((definition) => (
          <List.Item key={definition.file} style={{ overflowWrap: 'anywhere' }}>
            {definition.error}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

function ScrapersContent({ sites }: { sites: readonly SiteWithHealth[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [confirm, setConfirm] = useState<PendingConfirm | null>(null);
  const [definitionErrors, setDefinitionErrors] = useState<DefinitionInfo[]>([]);
  const runningList = useRunningScrapers();
  const running = useMemo(() => new Set(runningList), [runningList]);
  const lock = useLock('scrape');
  const { mutateAsync: toggleFlag } = useToggleSiteFlag();
  const toggling = useRef(new Set<string>());
  const bulk = useBulkToggleSiteFlag();
  const { mutateAsync: startScrape, isPending: starting } = useStartScrape();
  const reload = useReloadDefinitions();
  const scrapeBusy = lock.held || lock.pulsing || starting;

  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: scraperKeys.health }),
    [queryClient],
  );
  useRealtimeEvent('lock.change', (event) => {
    if (event.name === 'scrape' && !event.locked) refresh();
  });
  useRealtimeEvent('service.log', (event) => {
    if (event.data.task === 'scraperProgress' && event.data.completed === true) refresh();
  });

  const failed = useCallback(
    (error: Error) => notifyDanger(t('errors.errorMessage', { message: error.message })),
    [t],
  );
  const scrape = useCallback(
    (site: string, name: string) =>
      // One promise per call: callbacks given to mutate would only follow the latest of quick calls.
      void startScrape(site).then(() => notifySuccess(t('options.scrapers.scrapeStarted', { name })), failed),
    [startScrape, failed, t],
  );

  const handlers = useMemo<RowHandlers>(
    () => ({
      onSelect: (id, on) => setSelected((current) => flip(current, id, on)),
      onExpand: (id) => setExpanded((current) => flip(current, id, !current.has(id))),
      onToggle: (site, flag) => {
        // Each call flips the flag: a second click before the answer would flip it back.
        const key = `${site.id}/${flag}`;
        if (toggling.current.has(key)) return;
        toggling.current.add(key);
        void toggleFlag({ id: site.id, flag })
          .catch(failed)
          .finally(() => toggling.current.delete(key));
      },
      onAction: (site, action) => {
        if (action === 'scrape') scrape(site.id, site.name);
        else setConfirm({ action, site });
      },
    }),
    [toggleFlag, failed, scrape],
  );

  const shown = useMemo(() => filterSites(sites, search), [sites, search]);
  const shownSelected = useMemo(() => shown.filter((site) => selected.has(site.id)), [shown, selected]);

  const runBulk = (action: BulkAction) => {
    const ids = bulkTargets(shownSelected, action);
    if (ids.length === 0) return;
    bulk.mutate(
      { ids, flag: BULK_FLAG[action] },
      {
        onSuccess: () => notifySuccess(t('options.scrapers.bulk.done', { count: ids.length })),
        onError: failed,
      },
    );
  };

  const selectShown = (on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const site of shown) {
        if (on) next.add(site.id);
        else next.delete(site.id);
      }
      return next;
    });

  const reloadDefinitions = () =>
    reload.mutate(undefined, {
      onSuccess: (definitions) => {
        const errors = definitions.filter((definition) => definition.error !== '');
        setDefinitionErrors(errors);
        if (errors.length === 0) {
          notifySuccess(t('options.scrapers.definitionsReloaded', { count: definitions.length }));
        }
      },
      onError: failed,
    });

  return (
    <Stack gap="md">
      <ScrapersToolbar
        search={search}
        onSearch={setSearch}
        scrapeBusy={scrapeBusy}
        onScrapeAll={() => scrape('_enabled', t('options.scrapers.allEnabled'))}
        reloading={reload.isPending}
        onReload={reloadDefinitions}
      />
      {definitionErrors.length > 0 && (
        <DefinitionErrors errors={definitionErrors} onClose={() => setDefinitionErrors([])} />
      )}
      {shownSelected.length > 0 && (
        <ScrapersBulkBar
          count={shownSelected.length}
          busy={bulk.isPending}
          onBulk={runBulk}
          onClear={() => setSelected(new Set())}
        />
      )}
      <Paper withBorder radius="md">
        {sites.length === 0 ? (
          <EmptyState
            testId="scrapers-empty"
            icon={<IconPlugConnectedX size={28} stroke={1.5} />}
            title={t('options.scrapers.empty')}
            hint={t('options.scrapers.emptyHint')}
          />
        ) : shown.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" py="lg" data-testid="scrapers-none-shown">
            {t('options.scrapers.noneMatch')}
          </Text>
        ) : (
          <ScrapersTable
            sites={shown}
            running={running}
            selected={selected}
            expanded={expanded}
            scrapeBusy={scrapeBusy}
            handlers={handlers}
            onSelectShown={selectShown}
          />
        )}
      </Paper>
      <ScrapersConfirmDialogs pending={confirm} onClose={() => setConfirm(null)} />
    </Stack>
  );
}

/** Scrapers: the sites with their health, switches, bulk actions and per-site actions. */
export function ScrapersSection() {
  return (
    <SectionFrame section={findOptionsSection('scrapers')}>
      <QueryGate query={useScraperHealth()} errorTestId="scrapers-load-error">
        {(data) => <ScrapersContent sites={data} />}
      </QueryGate>
    </SectionFrame>
  );
}
