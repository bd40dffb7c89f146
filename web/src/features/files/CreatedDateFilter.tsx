import { RECENT_DAY_RANGES } from '@fovea/contract';
import { Button, CloseButton, Group, Input, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activeRecentRange, inputDate, rangeFromInputs, recentRange } from './file-filters';
import type { CreatedRange } from './file-filters';

interface CreatedDateFilterProps {
  value: CreatedRange;
  onChange: (range: CreatedRange) => void;
}

const inputsOf = (range: CreatedRange) => ({ from: inputDate(range[0]), to: inputDate(range[1]) });

/**
 * Created between two days (both included), with quick ranges of the last 7, 14 and 30 days. A range applies
 * once both days are filled; clearing both shows files of any time.
 */
export function CreatedDateFilter({ value, onChange }: CreatedDateFilterProps) {
  const { t } = useTranslation();
  const applied = JSON.stringify(value);
  const [seen, setSeen] = useState(applied);
  const [fields, setFields] = useState(() => inputsOf(value));
  if (seen !== applied) {
    setSeen(applied);
    setFields(inputsOf(value));
  }
  const active = activeRecentRange(value, RECENT_DAY_RANGES);

  const edit = (next: { from: string; to: string }) => {
    setFields(next);
    const range = rangeFromInputs(next.from, next.to);
    if (range !== null) onChange(range);
  };

  return (
    <Input.Wrapper label={t('files.created.label')}>
      <Group gap="xs" wrap="wrap">
        <TextInput
          type="date"
          size="sm"
          w={150}
          aria-label={t('files.created.from')}
          value={fields.from}
          onChange={(event) => edit({ ...fields, from: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          size="sm"
          w={150}
          aria-label={t('files.created.to')}
          value={fields.to}
          onChange={(event) => edit({ ...fields, to: event.currentTarget.value })}
        />
        <Group gap={4} role="group" aria-label={t('files.created.recent')}>
          {RECENT_DAY_RANGES.map((days) => (
            <Button
              key={days}
              size="compact-sm"
              variant={active === days ? 'filled' : 'light'}
              aria-pressed={active === days}
              onClick={() => onChange(recentRange(days))}
            >
              {t('files.created.lastDays', { count: days })}
            </Button>
          ))}
        </Group>
        {(value.length > 0 || fields.from !== '' || fields.to !== '') && (
          <CloseButton
            size="sm"
            aria-label={t('files.created.clear')}
            onClick={() => edit({ from: '', to: '' })}
          />
        )}
      </Group>
    </Input.Wrapper>
  );
}
