import { Badge, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ConfirmDialog';

interface EditDialogFrameProps {
  title: string;
  size: string;
  testId: string;
  /** The form is loaded; until then a spinner, or the not-found text. */
  ready: boolean;
  notFound: boolean;
  notFoundText: string;
  /** The close button and a click outside (the dialog asks first when something changed). */
  onRequestClose: () => void;
  /** 'Close without saving' is asked. */
  confirmingClose: boolean;
  onClose: () => void;
  onCancelConfirm: () => void;
  /** The form, its errors and its footer. */
  children: ReactNode;
  /** More dialogs of the editor (a delete question). */
  dialogs?: ReactNode;
}

/**
 * The frame of an edit dialog: the modal with the subject as its title (Esc is the editor's own shortcut),
 * a spinner or 'not found' until the form is there, and the 'Close without saving' question.
 */
export function EditDialogFrame(props: EditDialogFrameProps) {
  const { t } = useTranslation();
  return (
    <>
      <Modal
        opened
        onClose={props.onRequestClose}
        closeOnEscape={false}
        size={props.size}
        radius="md"
        title={
          <Text fw={600} lineClamp={1}>
            {props.title}
          </Text>
        }
      >
        <Stack gap="sm" data-testid={props.testId}>
          {props.ready ? (
            props.children
          ) : (
            <Center py="xl">
              {props.notFound ? <Text c="dimmed">{props.notFoundText}</Text> : <Loader size="sm" />}
            </Center>
          )}
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={props.confirmingClose}
        title={t('confirm.closeWithoutSaving.title')}
        text={t('confirm.closeWithoutSaving.text')}
        confirmLabel={t('confirm.closeWithoutSaving.title')}
        danger
        onConfirm={props.onClose}
        onClose={props.onCancelConfirm}
      />
      {props.dialogs}
    </>
  );
}

interface EditDialogFooterProps {
  dirty: boolean;
  dirtyTestId: string;
  canSave: boolean;
  saving: boolean;
  onCancel: () => void;
  onSave: () => void;
  /** On the left (a delete button); without it the buttons sit on the right alone. */
  start?: ReactNode;
}

/** 'Unsaved changes', Cancel and Save (key S) of an edit dialog. */
export function EditDialogFooter({
  dirty,
  dirtyTestId,
  canSave,
  saving,
  onCancel,
  onSave,
  start,
}: EditDialogFooterProps) {
  const { t } = useTranslation();
  const buttons = (
    <Group justify="flex-end" gap="xs">
      {dirty && (
        <Badge variant="light" color="yellow" data-testid={dirtyTestId}>
          {t('sceneEdit.unsaved')}
        </Badge>
      )}
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button
        leftSection={<IconDeviceFloppy size={14} />}
        disabled={!canSave}
        loading={saving}
        aria-keyshortcuts="S"
        onClick={onSave}
      >
        <span>
          <Trans i18nKey="sceneEdit.save" components={{ u: <u /> }} />
        </span>
      </Button>
    </Group>
  );
  if (start === undefined) return buttons;
  return (
    <Group justify="space-between" gap="xs">
      {start}
      {buttons}
    </Group>
  );
}
