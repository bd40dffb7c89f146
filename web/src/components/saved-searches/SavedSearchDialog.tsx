import { Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canSaveSavedSearch } from './saved-search-model';

export interface SavedSearchDraft {
  name: string;
  isDeoEnabled: boolean;
}

interface SavedSearchDialogProps {
  mode: 'create' | 'edit';
  initial: SavedSearchDraft;
  /** Shows the DeoVR/HereSphere/DLNA switch (scene searches). */
  offersDeo: boolean;
  busy: boolean;
  onSave: (draft: SavedSearchDraft) => void;
  onClose: () => void;
}

/** Name (required; Save disabled while empty) and, for scenes, the DeoVR/HereSphere/DLNA switch. */
export function SavedSearchDialog({
  mode,
  initial,
  offersDeo,
  busy,
  onSave,
  onClose,
}: SavedSearchDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial.name);
  const [isDeoEnabled, setDeoEnabled] = useState(initial.isDeoEnabled);
  const valid = canSaveSavedSearch(name);
  return (
    <Modal
      opened
      onClose={onClose}
      centered
      radius="md"
      title={t(mode === 'create' ? 'savedSearches.createTitle' : 'savedSearches.editTitle')}
    >
      <form
        data-testid="saved-search-dialog"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) onSave({ name, isDeoEnabled });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('savedSearches.name')}
            required
            data-autofocus
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={name !== '' && !valid ? t('savedSearches.nameRequired') : undefined}
          />
          {offersDeo && (
            <Switch
              label={t('savedSearches.deoEnabled')}
              checked={isDeoEnabled}
              onChange={(event) => setDeoEnabled(event.currentTarget.checked)}
            />
          )}
          <Group justify="flex-end" gap="xs" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!valid} loading={busy}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
