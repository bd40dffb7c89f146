import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Volume } from '@fovea/contract';
import { useTranslation } from 'react-i18next';
import { useRemoveStorage } from '../../../api/queries/storage';
import { notifyDanger, notifySuccess } from '../../../components/notify';
import { storageErrorMessage } from './storage-errors';

interface StorageRemoveDialogProps {
  /** The location to remove; null keeps the dialog closed. */
  volume: Volume | null;
  onClose: () => void;
}

/** Confirms DELETE /api/options/storage/{id}: file rows go, matches stay by file name, the disk is untouched. */
export function StorageRemoveDialog({ volume, onClose }: StorageRemoveDialogProps) {
  const { t } = useTranslation();
  const remove = useRemoveStorage();
  const confirm = () => {
    if (volume === null) return;
    remove.mutate(volume.id, {
      onSuccess: () => {
        notifySuccess(t('options.storage.removed'));
        onClose();
      },
      onError: (error) => notifyDanger(t('errors.errorMessage', { message: storageErrorMessage(error, t) })),
    });
  };
  return (
    <Modal
      opened={volume !== null}
      onClose={onClose}
      title={t('options.storage.removeTitle')}
      centered
      data-testid="storage-remove-dialog"
    >
      {volume !== null && (
        <Stack gap="md">
          <Text size="sm">
            {t('options.storage.removeText', { path: volume.path, count: volume.file_count })}
          </Text>
          <Text size="sm">{t('options.storage.removeKeepsMatches')}</Text>
          <Text size="sm" fw={600}>
            {t('options.storage.removeKeepsDisk')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={remove.isPending}>
              {t('common.cancel')}
            </Button>
            <Button color="red" onClick={confirm} loading={remove.isPending}>
              {t('options.storage.remove')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
