import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface SaveBarProps {
  dirty: boolean;
  saving: boolean;
  /** The values cannot be saved as they are (the form shows why): Save stays disabled. */
  invalid?: boolean;
  onSave: () => void;
  onReset: () => void;
}

export function SaveBar({ dirty, saving, invalid = false, onSave, onReset }: SaveBarProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" disabled={!dirty || saving} onClick={onReset}>
        {t('common.reset')}
      </Button>
      <Button onClick={onSave} loading={saving} disabled={!dirty || invalid}>
        {t('common.save')}
      </Button>
    </Group>
  );
}
