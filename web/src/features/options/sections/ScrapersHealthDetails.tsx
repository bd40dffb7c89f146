import { Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ScrapeRun, SiteWithHealth } from '@fovea/contract';
import { useTranslation } from 'react-i18next';
import { coverageLines, fieldLabelKey, formatLastUpdate, httpStatusSummary } from './scrapers-health';

function Figure({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

function RunFigures({ run }: { run: ScrapeRun }) {
  const { t } = useTranslation();
  const started = formatLastUpdate(run.started_at);
  const finished = run.finished_at === null ? null : formatLastUpdate(run.finished_at);
  const statuses = httpStatusSummary(run.http_statuses);
  const coverage = coverageLines(run.coverage);
  return (
    <Stack gap="xs">
      <Text size="sm" data-testid="scraper-run-when">
        {t('options.scrapers.run.when', {
          kind: t(`options.scrapers.run.kinds.${run.kind}`),
          started: started ?? '—',
          finished: finished ?? '—',
          version: run.definition_version,
        })}
      </Text>
      <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs">
        <Figure
          label={t('options.scrapers.run.pages')}
          value={run.pages_fetched}
          testId="scraper-run-pages"
        />
        <Figure label={t('options.scrapers.run.seen')} value={run.scenes_seen} testId="scraper-run-seen" />
        <Figure label={t('options.scrapers.run.new')} value={run.scenes_new} testId="scraper-run-new" />
        <Figure
          label={t('options.scrapers.run.updated')}
          value={run.scenes_updated}
          testId="scraper-run-updated"
        />
        <Figure
          label={t('options.scrapers.run.rejected')}
          value={run.scenes_rejected}
          testId="scraper-run-rejected"
        />
        <Figure
          label={t('options.scrapers.run.http')}
          value={statuses === '' ? '—' : statuses}
          testId="scraper-run-http"
        />
      </SimpleGrid>
      {run.last_error !== '' && (
        <Text size="sm" c="red" data-testid="scraper-run-error" style={{ overflowWrap: 'anywhere' }}>
          {t('options.scrapers.run.lastError', { error: run.last_error })}
          {run.last_error_url !== '' && (
            <>
              {' '}
              <Anchor href={run.last_error_url} target="_blank" rel="noreferrer" size="sm">
                {run.last_error_url}
              </Anchor>
            </>
          )}
        </Text>
      )}
      {coverage.length > 0 && (
        <Stack gap={2} data-testid="scraper-run-coverage">
          {coverage.map((line) => {
            const key = fieldLabelKey(line.field);
            return (
              <Text key={line.field} size="sm" c={line.percent === 100 ? 'red' : 'yellow.8'}>
                {t('options.scrapers.run.coverageLine', {
                  field: key === null ? line.field : t(key),
                  percent: line.percent,
                  empty: line.empty,
                  of: line.of,
                })}
              </Text>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

/** Under a site's row: its definition error, why it is disabled, and the figures of its last run. */
export function ScrapersHealthDetails({ site }: { site: SiteWithHealth }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" p="xs" data-testid={`scraper-details-${site.id}`}>
      <Group gap="md">
        <Text size="xs" c="dimmed" ff="monospace">
          {t('options.scrapers.run.definition', { id: site.definition_id, domain: site.domain })}
        </Text>
      </Group>
      {site.last_run === null ? (
        <Text size="sm" c="dimmed" data-testid="scraper-run-none">
          {t('options.scrapers.run.none')}
        </Text>
      ) : (
        <RunFigures run={site.last_run} />
      )}
    </Stack>
  );
}
