import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  text: string;
  /** What the action is about (a file, a scene, a search), shown under the text. */
  subject?: string;
  confirmLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes/no question before an action that cannot be taken back. */
export function ConfirmDialog({
  opened,
  title,
  text,
  subject,
  confirmLabel,
  danger = false,
  busy = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered radius="md">
      <Stack gap="sm" data-testid="confirm-dialog">
        <Text size="sm">{text}</Text>
        {subject !== undefined && (
          <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
            {subject}
          </Text>
        )}
        <Group justify="flex-end" gap="xs" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color={danger ? 'red' : undefined} loading={busy} onClick={onConfirm} data-autofocus>
            {confirmLabel ?? t('confirm.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
