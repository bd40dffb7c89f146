import { ActionIcon, Group, Select, Tooltip } from '@mantine/core';
import { TOOLTIP_DELAY_MS } from '@fovea/contract';
import type { Playlist } from '@fovea/contract';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useCreateSavedSearch,
  useDeleteSavedSearch,
  useSavedSearches,
  useUpdateSavedSearch,
} from '../../api/queries/playlists';
import { notifyDanger, notifySuccess } from '../notify';
import { ConfirmDialog } from '../ConfirmDialog';
import { canChangeSavedSearch, savedSearchBody, savedSearchFilters } from './saved-search-model';
import type { SavedSearchKind } from './saved-search-model';
import { SavedSearchDialog } from './SavedSearchDialog';
import type { SavedSearchDraft } from './SavedSearchDialog';

interface SavedSearchesProps<F> {
  /** Which list's saved searches (scene or actor) and how its filters are stored. */
  kind: SavedSearchKind<F>;
  filters: F;
  onSelect: (filters: F) => void;
}

type Dialog = 'create' | 'edit' | 'delete' | null;

function IconAction(props: { label: string; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip label={props.label} openDelay={TOOLTIP_DELAY_MS}>
      <ActionIcon
        variant="default"
        size="input-xs"
        aria-label={props.label}
        disabled={props.disabled}
        onClick={props.onClick}
      >
        {props.children}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * Saved searches of one list (scenes or actors): choosing one shows the list with its filters; New saves the
 * current filters under a name; Edit saves them into the chosen one; Delete asks first. System ones cannot be
 * edited or deleted.
 */
export function SavedSearches<F>({ kind, filters, onSelect }: SavedSearchesProps<F>) {
  const { t } = useTranslation();
  const list = useSavedSearches(kind.type);
  const create = useCreateSavedSearch();
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const playlists = list.data ?? [];
  const selected = playlists.find((playlist) => playlist.id === selectedId);
  const changeable = canChangeSavedSearch(selected);

  // Every pick shows the saved search's filters, also picking the current one again after changing them.
  const select = (id: string) => {
    const playlist = playlists.find((item) => String(item.id) === id);
    if (playlist === undefined) return;
    setSelectedId(playlist.id);
    onSelect(savedSearchFilters(kind, playlist, filters));
  };
  const failed = (error: Error) => notifyDanger(t('errors.errorMessage', { message: error.message }));
  const saved = (playlist: Playlist) => {
    setSelectedId(playlist.id);
    setDialog(null);
    notifySuccess(t('savedSearches.saved', { name: playlist.name }));
  };
  const save = ({ name, isDeoEnabled }: SavedSearchDraft) => {
    const body = savedSearchBody(kind, name, isDeoEnabled, filters);
    if (dialog === 'edit' && selected !== undefined) {
      update.mutate({ id: selected.id, body }, { onSuccess: saved, onError: failed });
    } else {
      create.mutate(body, { onSuccess: saved, onError: failed });
    }
  };
  const confirmDelete = () => {
    if (selected === undefined) return;
    remove.mutate(selected.id, {
      onSuccess: () => {
        setSelectedId(null);
        setDialog(null);
        notifySuccess(t('savedSearches.deleted', { name: selected.name }));
      },
      onError: failed,
    });
  };
  const readOnlyHint = selected?.is_system === true ? t('savedSearches.systemReadOnly') : undefined;

  return (
    <>
      <Select
        size="xs"
        label={t('savedSearches.label')}
        placeholder={t('savedSearches.placeholder')}
        nothingFoundMessage={t('savedSearches.empty')}
        searchable
        data={playlists.map((playlist) => ({ value: String(playlist.id), label: playlist.name }))}
        value={selectedId === null ? null : String(selectedId)}
        allowDeselect={false}
        onOptionSubmit={select}
        description={readOnlyHint}
        data-testid="saved-search-select"
      />
      <Group gap={6}>
        <IconAction label={t('savedSearches.create')} onClick={() => setDialog('create')}>
          <IconPlus size={16} />
        </IconAction>
        <IconAction label={t('savedSearches.edit')} disabled={!changeable} onClick={() => setDialog('edit')}>
          <IconPencil size={16} />
        </IconAction>
        <IconAction
          label={t('savedSearches.delete')}
          disabled={!changeable}
          onClick={() => setDialog('delete')}
        >
          <IconTrash size={16} />
        </IconAction>
      </Group>
      {(dialog === 'create' || (dialog === 'edit' && selected !== undefined)) && (
        <SavedSearchDialog
          mode={dialog}
          initial={
            dialog === 'edit' && selected !== undefined
              ? { name: selected.name, isDeoEnabled: selected.is_deo_enabled }
              : { name: '', isDeoEnabled: false }
          }
          offersDeo={kind.offersDeo}
          busy={create.isPending || update.isPending}
          onSave={save}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        opened={dialog === 'delete' && selected !== undefined}
        title={t('confirm.deleteSavedSearch.title')}
        text={t('confirm.deleteSavedSearch.text')}
        subject={selected?.name}
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
