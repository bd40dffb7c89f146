import { Alert, Grid, Paper, Stack, Tabs, Text } from '@mantine/core';
import { SCHEDULE_PREFIXES, cronToTaskSchedule } from '@fovea/contract';
import type { CronOptions, SchedulePrefix, TaskScheduleRunsResponse } from '@fovea/contract';
import { IconClock } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveTaskSchedule } from '../../../api/queries/options-schedules';
import { findOptionsSection } from '../options-sections';
import { OptionsStateGate } from './OptionsStateGate';
import { SaveBar } from './SaveBar';
import { ScheduleFields } from './ScheduleFields';
import { ScheduleRunsPanel } from './ScheduleRunsPanel';
import { saveFeedback } from './save-feedback';
import { useScheduleRuns } from './schedule-runs';
import { cronChanged, scheduleChanged, scheduleOf, withSchedule } from './schedule-values';
import { SectionFrame } from './SectionFrame';

const asPrefix = (value: string | null): SchedulePrefix =>
  SCHEDULE_PREFIXES.find((prefix) => prefix === value) ?? 'rescrape';

interface SchedulesFormProps {
  saved: CronOptions;
  /** A StashDB key is stored: the StashDB rescrape can be switched on. */
  stashKeySet: boolean;
  /** Kept by the section, so the open tab survives the form being remade after a save. */
  tab: SchedulePrefix;
  onTab: (tab: SchedulePrefix) => void;
  /** Read by the section, so remaking the form after a save does not read them once more. */
  runs: UseQueryResult<TaskScheduleRunsResponse>;
}

/** The six schedules in tabs, with one Save for all of them (POST /api/options/task-schedule, 42 keys). */
function SchedulesForm({ saved, stashKeySet, tab, onTab, runs }: SchedulesFormProps) {
  const { t } = useTranslation();
  const [cron, setCron] = useState(saved);
  const save = useSaveTaskSchedule();
  const timeZone = runs.data?.timeZone;

  return (
    <Stack gap="md">
      <Alert variant="light" color="blue" icon={<IconClock size={18} />} data-testid="schedules-time-zone">
        {timeZone
          ? t('options.schedules.timeZoneNote', { timeZone })
          : t('options.schedules.timeZoneNoteUnknown')}
      </Alert>
      <Tabs value={tab} onChange={(value) => onTab(asPrefix(value))} keepMounted={false}>
        <Tabs.List>
          {SCHEDULE_PREFIXES.map((prefix) => (
            <Tabs.Tab key={prefix} value={prefix} data-testid={`schedule-tab-${prefix}`}>
              {t(`options.schedules.tasks.${prefix}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {SCHEDULE_PREFIXES.map((prefix) => {
          const stashKeyMissing = prefix === 'stashdbRescrape' && !stashKeySet;
          return (
            <Tabs.Panel key={prefix} value={prefix} pt="md">
              <Grid gap="md">
                <Grid.Col span={{ base: 12, lg: 8 }}>
                  <Paper withBorder p="md" radius="md" data-testid={`schedule-fields-${prefix}`}>
                    <Text size="sm" c="dimmed" mb="md">
                      {t(`options.schedules.taskDescriptions.${prefix}`)}
                    </Text>
                    <ScheduleFields
                      prefix={prefix}
                      schedule={scheduleOf(cron, prefix)}
                      canEnable={!stashKeyMissing}
                      enableHint={stashKeyMissing ? t('options.schedules.stashKeyMissing') : undefined}
                      onChange={(patch) => setCron((current) => withSchedule(current, prefix, patch))}
                    />
                  </Paper>
                </Grid.Col>
                <Grid.Col span={{ base: 12, lg: 4 }}>
                  <ScheduleRunsPanel
                    prefix={prefix}
                    runs={runs}
                    unsaved={scheduleChanged(cron, saved, prefix)}
                  />
                </Grid.Col>
              </Grid>
            </Tabs.Panel>
          );
        })}
      </Tabs>
      <SaveBar
        dirty={cronChanged(cron, saved)}
        saving={save.isPending}
        onReset={() => setCron(saved)}
        onSave={() => save.mutate(cronToTaskSchedule(cron), saveFeedback(t))}
      />
    </Stack>
  );
}

/**
 * Task Schedules (options-spec §2): rescrape, rescan, preview generation, actor rescrape, StashDB rescrape and
 * scene linking, each with its interval, time window, start minute and start-up delay, and when it runs next.
 * Fovea applies a saved schedule at once.
 */
export function SchedulesSection() {
  const [tab, setTab] = useState<SchedulePrefix>('rescrape');
  const runs = useScheduleRuns();
  return (
    <SectionFrame section={findOptionsSection('schedules')}>
      <OptionsStateGate>
        {(state) => (
          <SchedulesForm
            key={JSON.stringify(state.config.cron)}
            saved={state.config.cron}
            // The server answers "set" for a stored key and '' for none (secret-value.ts).
            stashKeySet={state.config.advanced.stashApiKey !== ''}
            tab={tab}
            onTab={setTab}
            runs={runs}
          />
        )}
      </OptionsStateGate>
    </SectionFrame>
  );
}
