import type { CuepointVocabulary } from '@fovea/contract';
import {
  Autocomplete,
  Button,
  Group,
  Input,
  Rating,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconClock, IconDeviceFloppy, IconEraser, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { CuepointFormCheck, CuepointFormState } from './cuepoint-form';
import { cuepointName } from './cuepoint-form';
import { TimeField } from './TimeField';

export type CuepointAction = 'add' | 'currentTime' | 'saveEdit' | 'clear';

type ButtonLabel =
  'sceneCuepoints.addNew' | 'sceneCuepoints.currentTime' | 'sceneCuepoints.saveEdit' | 'sceneCuepoints.clear';

interface CuepointFormProps {
  form: CuepointFormState;
  check: CuepointFormCheck;
  presets: CuepointVocabulary;
  onChange: (patch: Partial<CuepointFormState>) => void;
  /** A row is selected, so Save edit can replace it. */
  editing: boolean;
  /** A player gives the current time. */
  hasPlayer: boolean;
  busy: boolean;
  onAction: (action: CuepointAction) => void;
}

/** Access keys of the four buttons (library-spec §2), pressed with Alt (see useAccessKeys). */
export const CUEPOINT_ACCESS_KEYS: Readonly<Record<CuepointAction, string>> = {
  add: 'a',
  currentTime: 't',
  saveEdit: 's',
  clear: 'c',
};

/** The cuepoint fields (position, action, track, start, end, rating) and the Add / Current time / Save / Clear buttons. */
export function CuepointForm({
  form,
  check,
  presets,
  onChange,
  editing,
  hasPlayer,
  busy,
  onAction,
}: CuepointFormProps) {
  const { t } = useTranslation();
  const error = (field: keyof CuepointFormCheck['errors']) => {
    const key = check.errors[field];
    return key === undefined ? undefined : t(key);
  };
  const name = cuepointName(form.position, form.action);
  const ready = check.body !== null && !busy;

  const actionButton = (action: CuepointAction, label: ButtonLabel, icon: ReactNode, disabled: boolean) => (
    <Button
      size="xs"
      variant={action === 'add' || action === 'saveEdit' ? 'filled' : 'default'}
      leftSection={icon}
      aria-keyshortcuts={`Alt+${CUEPOINT_ACCESS_KEYS[action].toUpperCase()}`}
      title={t('sceneCuepoints.accessKey', { key: CUEPOINT_ACCESS_KEYS[action].toUpperCase() })}
      disabled={disabled}
      onClick={() => onAction(action)}
      data-testid={`cuepoint-${action}`}
    >
      {/* One span: the button label is a flex box, which would split the underlined key from its word. */}
      <span>
        <Trans i18nKey={label} components={{ u: <u /> }} />
      </span>
    </Button>
  );

  return (
    <Stack gap="xs" data-testid="cuepoint-form">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
        <Autocomplete
          label={t('sceneCuepoints.position')}
          data={presets.positions}
          value={form.position}
          onChange={(position) => onChange({ position })}
          placeholder={t('sceneCuepoints.positionPlaceholder')}
          comboboxProps={{ withinPortal: true }}
        />
        <Autocomplete
          label={t('sceneCuepoints.action')}
          data={presets.actions}
          value={form.action}
          onChange={(action) => onChange({ action })}
          placeholder={t('sceneCuepoints.actionPlaceholder')}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={t('sceneCuepoints.track')}
          placeholder={t('sceneCuepoints.trackPlaceholder')}
          value={form.track}
          inputMode="numeric"
          error={error('track')}
          onChange={(event) => onChange({ track: event.currentTarget.value.replace(/\s/g, '') })}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
        <TimeField
          label={t('sceneCuepoints.timeStart')}
          value={form.timeStart}
          error={error('timeStart')}
          onChange={(timeStart) => onChange({ timeStart })}
          data-testid="cuepoint-time-start"
        />
        <TimeField
          label={t('sceneCuepoints.timeEnd')}
          value={form.timeEnd}
          error={error('timeEnd')}
          onChange={(timeEnd) => onChange({ timeEnd })}
          data-testid="cuepoint-time-end"
        />
        <Input.Wrapper label={t('sceneCuepoints.rating')}>
          <Rating
            fractions={2}
            value={form.rating}
            onChange={(rating) => onChange({ rating })}
            mt={6}
            aria-label={t('sceneCuepoints.rating')}
          />
        </Input.Wrapper>
      </SimpleGrid>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed" data-testid="cuepoint-name">
          {name === '' ? t('sceneCuepoints.noName') : t('sceneCuepoints.nameIs', { name })}
        </Text>
        <Group gap="xs">
          {actionButton('add', 'sceneCuepoints.addNew', <IconPlus size={14} />, !ready)}
          {actionButton('currentTime', 'sceneCuepoints.currentTime', <IconClock size={14} />, !hasPlayer)}
          {actionButton(
            'saveEdit',
            'sceneCuepoints.saveEdit',
            <IconDeviceFloppy size={14} />,
            !ready || !editing,
          )}
          {actionButton('clear', 'sceneCuepoints.clear', <IconEraser size={14} />, busy)}
        </Group>
      </Group>
    </Stack>
  );
}
