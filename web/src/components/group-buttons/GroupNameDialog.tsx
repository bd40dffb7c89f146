import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_NAME_MAX_LENGTH, canSaveGroupName } from './group-model';

interface GroupNameDialogProps {
  title: string;
  /** The name shown at first (the current name when renaming). */
  initialName: string;
  busy: boolean;
  /** Called with the trimmed name. */
  onSave: (name: string) => void;
  onClose: () => void;
}

/**
 * Asks for a group's name (options-spec §5: required, Save disabled while empty or blank); the field takes at
 * most GROUP_NAME_MAX_LENGTH characters. Mount it only while it is open, so each opening starts afresh.
 */
export function GroupNameDialog({ title, initialName, busy, onSave, onClose }: GroupNameDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const valid = canSaveGroupName(name);
  return (
    <Modal opened onClose={onClose} centered radius="md" title={title}>
      <form
        data-testid="group-name-dialog"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid && !busy) onSave(name.trim());
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('groups.name')}
            required
            data-autofocus
            maxLength={GROUP_NAME_MAX_LENGTH}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={name !== '' && !valid ? t('groups.nameRequired') : undefined}
            data-testid="group-name-input"
          />
          <Group justify="flex-end" gap="xs" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!valid} loading={busy} data-testid="group-name-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
