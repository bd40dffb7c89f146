import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { StorageVolume } from '@fovea/contract';
import { IconAlertTriangle, IconCheck, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAnswerGone } from '../../../api/queries/storage';
import { notifyDanger, notifySuccess } from '../../../components/notify';
import { storageErrorMessage } from './storage-errors';

/** One location whose rescan held back more than half of its files as gone: the warning and its two answers. */
function GoneAlert({ volume }: { volume: StorageVolume }) {
  const { t } = useTranslation();
  const answer = useAnswerGone();
  const pending = answer.isPending ? answer.variables.answer : null;
  const send = (kind: 'confirm' | 'keep') =>
    answer.mutate(
      { id: volume.id, answer: kind },
      {
        onSuccess: (result) => {
          const parts = [];
          if (result.removed > 0) parts.push(t('options.storage.gone.removed', { count: result.removed }));
          if (result.kept > 0) parts.push(t('options.storage.gone.kept', { count: result.kept }));
          notifySuccess(parts.join('; '));
        },
        onError: (error) =>
          notifyDanger(t('errors.errorMessage', { message: storageErrorMessage(error, t) })),
      },
    );
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={20} />}
      title={t('options.storage.gone.title', { path: volume.path })}
      data-testid={`storage-gone-${volume.id}`}
    >
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {t('options.storage.gone.text', { count: volume.pending_gone_count })}
        </Text>
        <Text size="sm">{t('options.storage.gone.why')}</Text>
        <Group gap="sm">
          <Button
            color="red"
            leftSection={<IconTrash size={16} />}
            aria-label={t('options.storage.gone.confirmLabel', { path: volume.path })}
            loading={pending === 'confirm'}
            disabled={pending === 'keep'}
            onClick={() => send('confirm')}
          >
            {t('options.storage.gone.confirm')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconCheck size={16} />}
            aria-label={t('options.storage.gone.keepLabel', { path: volume.path })}
            loading={pending === 'keep'}
            disabled={pending === 'confirm'}
            onClick={() => send('keep')}
          >
            {t('options.storage.gone.keep')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** The warnings of every location with rows held back as gone (none shown when there are none). */
export function StorageGoneAlerts({ volumes }: { volumes: readonly StorageVolume[] }) {
  const held = volumes.filter((volume) => volume.pending_gone_count > 0);
  if (held.length === 0) return null;
  return (
    <Stack gap="sm">
      {held.map((volume) => (
        <GoneAlert key={volume.id} volume={volume} />
      ))}
    </Stack>
  );
}
