import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface SaveBarProps {
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  onReset: () => void;
}

export function SaveBar({ dirty, saving, onSave, onReset }: SaveBarProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" disabled={!dirty || saving} onClick={onReset}>
        {t('common.reset')}
      </Button>
      <Button onClick={onSave} loading={saving} disabled={!dirty}>
        {t('common.save')}
      </Button>
    </Group>
  );
}
