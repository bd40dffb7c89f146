import { Slider, Stack, Switch } from '@mantine/core';
import { SCHEDULE_LIMITS } from '@fovea/contract';
import type { ScheduleOptions, SchedulePrefix } from '@fovea/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScheduleSliderField } from './ScheduleSliderField';
import { ScheduleWindowSlider } from './ScheduleWindowSlider';
import { clockHour, sliderWindow, startMinuteText, windowFromSlider } from './schedule-values';

interface ScheduleFieldsProps {
  prefix: SchedulePrefix;
  schedule: ScheduleOptions;
  /** Off: the task cannot be switched on (the StashDB rescrape without a StashDB key). */
  canEnable: boolean;
  /** Why it cannot be switched on, under the switch. */
  enableHint?: string;
  onChange: (patch: Partial<ScheduleOptions>) => void;
}

const WINDOW_MARK_HOURS = [0, 12, 24, 36, 48] as const;

/**
 * One task's schedule: the Enabled switch, the interval, the optional time window (0-48 h, at most 23 h wide, a
 * start past 23 clamped to 23), the start minute and the start-up delay. Everything but the switch is disabled
 * while the task is off, and the window while no window is used: those settings have no effect then.
 */
export function ScheduleFields({ prefix, schedule, canEnable, enableHint, onChange }: ScheduleFieldsProps) {
  const { t } = useTranslation();
  const off = !schedule.enabled;
  const clock = (hour: number) => {
    const { time, days } = clockHour(hour);
    return days === 0 ? time : t('options.schedules.clockLater', { time, count: days });
  };
  const range = sliderWindow(schedule);
  // While a window thumb is dragged, the text says what letting go of it will store.
  const [draftWindow, setDraftWindow] = useState<[number, number] | null>(null);
  const shownWindow = draftWindow ? windowFromSlider(draftWindow) : null;
  const windowText = t('options.schedules.windowValue', {
    start: clock(shownWindow?.hourStart ?? range[0]),
    end: clock(shownWindow?.hourEnd ?? range[1]),
  });
  const id = (field: string) => `schedule-${prefix}-${field}`;

  return (
    <Stack gap="lg">
      <Switch
        label={t('options.schedules.enabled')}
        aria-label={t('options.schedules.enabled')}
        description={enableHint}
        checked={schedule.enabled}
        // A task left on without its key can still be switched off.
        disabled={!canEnable && !schedule.enabled}
        onChange={(event) => onChange({ enabled: event.currentTarget.checked })}
        data-testid={id('enabled')}
      />
      <ScheduleSliderField
        id={id('interval')}
        label={t('options.schedules.interval')}
        valueText={t('options.schedules.intervalValue', { count: schedule.hourInterval })}
        description={t('options.schedules.intervalDescription')}
        disabled={off}
      >
        <Slider
          aria-labelledby={`${id('interval')}-label`}
          min={SCHEDULE_LIMITS.hourInterval.min}
          max={SCHEDULE_LIMITS.hourInterval.max}
          value={schedule.hourInterval}
          disabled={off}
          label={(value) => t('options.schedules.intervalValue', { count: value })}
          onChange={(hourInterval) => onChange({ hourInterval })}
          mx="md"
        />
      </ScheduleSliderField>
      <Switch
        label={t('options.schedules.useRange')}
        aria-label={t('options.schedules.useRange')}
        description={t('options.schedules.useRangeDescription')}
        checked={schedule.useRange}
        disabled={off}
        onChange={(event) => onChange({ useRange: event.currentTarget.checked, ...windowFromSlider(range) })}
        data-testid={id('use-range')}
      />
      <ScheduleSliderField
        id={id('window')}
        label={t('options.schedules.window')}
        valueText={windowText}
        description={t('options.schedules.windowDescription')}
        disabled={off || !schedule.useRange}
      >
        <ScheduleWindowSlider
          value={range}
          disabled={off || !schedule.useRange}
          clock={clock}
          marks={WINDOW_MARK_HOURS.map((hour) => {
            const { time, days } = clockHour(hour);
            return {
              value: hour,
              label: days === 0 ? time : t('options.schedules.markLater', { time, days }),
            };
          })}
          startLabel={t('options.schedules.windowStart')}
          endLabel={t('options.schedules.windowEnd')}
          onDraft={setDraftWindow}
          onCommit={onChange}
        />
      </ScheduleSliderField>
      <ScheduleSliderField
        id={id('minute')}
        label={t('options.schedules.minuteStart')}
        valueText={t('options.schedules.minuteStartValue', { minute: startMinuteText(schedule.minuteStart) })}
        description={t('options.schedules.minuteStartDescription')}
        disabled={off}
      >
        <Slider
          aria-labelledby={`${id('minute')}-label`}
          min={SCHEDULE_LIMITS.minuteStart.min}
          max={SCHEDULE_LIMITS.minuteStart.max}
          value={schedule.minuteStart}
          disabled={off}
          label={startMinuteText}
          onChange={(minuteStart) => onChange({ minuteStart })}
          mx="md"
        />
      </ScheduleSliderField>
      <ScheduleSliderField
        id={id('delay')}
        label={t('options.schedules.startDelay')}
        valueText={
          schedule.runAtStartDelay === 0
            ? t('options.schedules.startDelayNone')
            : t('options.schedules.startDelayValue', { count: schedule.runAtStartDelay })
        }
        description={t('options.schedules.startDelayDescription')}
        disabled={off}
      >
        <Slider
          aria-labelledby={`${id('delay')}-label`}
          min={SCHEDULE_LIMITS.startDelay.min}
          max={SCHEDULE_LIMITS.startDelay.max}
          value={schedule.runAtStartDelay}
          disabled={off}
          label={(value) =>
            value === 0
              ? t('options.schedules.startDelayNone')
              : t('options.schedules.startDelayValue', { count: value })
          }
          onChange={(runAtStartDelay) => onChange({ runAtStartDelay })}
          mx="md"
        />
      </ScheduleSliderField>
    </Stack>
  );
}
