import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { TaskScheduleRunsResponse } from '@fovea/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatRunTime } from './schedule-values';
import type { SchedulePrefix } from '@fovea/contract';

interface ScheduleRunsPanelProps {
  prefix: SchedulePrefix;
  runs: UseQueryResult<TaskScheduleRunsResponse>;
  /** The tab's values differ from the saved ones: the times shown are still the saved schedule's. */
  unsaved: boolean;
}

/**
 * When one task runs next (up to three times), when it last ran and whether it is running now, from GET
 * /api/options/task-schedule/runs, as date and time in the server's time zone.
 */
export function ScheduleRunsPanel({ prefix, runs, unsaved }: ScheduleRunsPanelProps) {
  const { t, i18n } = useTranslation();
  const data = runs.data;
  const task = data?.tasks.find((entry) => entry.task === prefix);
  const format = (iso: string) => formatRunTime(iso, data?.timeZone ?? 'UTC', i18n.language);

  let body;
  if (data === undefined) {
    body = runs.isError ? (
      <Stack gap="xs" align="flex-start">
        <Text size="sm" c="red">
          {t('options.schedules.runsLoadFailed')}
        </Text>
        <Button size="xs" variant="light" onClick={() => void runs.refetch()}>
          {t('common.retry')}
        </Button>
      </Stack>
    ) : (
      <Loader size="sm" aria-label={t('common.loading')} />
    );
  } else {
    const next = task?.enabled ? task.nextRuns : [];
    body = (
      <Stack gap={6}>
        {next.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="schedule-not-scheduled">
            {t('options.schedules.notScheduled')}
          </Text>
        ) : (
          <Stack gap={2} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
            {next.map((iso) => (
              <Text key={iso} component="li" size="sm" fw={500} data-testid="schedule-next-run">
                <time dateTime={iso}>{format(iso)}</time>
              </Text>
            ))}
          </Stack>
        )}
        <Text size="xs" c="dimmed" data-testid="schedule-last-run">
          {task?.lastRun
            ? t('options.schedules.lastRun', { time: format(task.lastRun) })
            : t('options.schedules.neverRun')}
        </Text>
      </Stack>
    );
  }

  return (
    <Paper withBorder p="md" radius="md" data-testid={`schedule-runs-${prefix}`}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} fz="sm">
            {t('options.schedules.nextRuns')}
          </Title>
          {task?.busy && (
            <Badge color="teal" variant="light" data-testid="schedule-running">
              {t('options.schedules.runningNow')}
            </Badge>
          )}
        </Group>
        {body}
        {unsaved && (
          <Text size="xs" c="yellow.8" data-testid="schedule-unsaved">
            {t('options.schedules.unsavedRuns')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
