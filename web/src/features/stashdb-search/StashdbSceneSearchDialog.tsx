import { EXTERNAL_SEARCH_DEBOUNCE_MS } from '@fovea/contract';
import type { Scene, StashdbSceneResult } from '@fovea/contract';
import { Alert, Center, Loader, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconKey, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionsState } from '../../api/queries/options';
import { useLinkStashdbScene, useStashdbSceneSearch } from '../../api/queries/stashdb';
import { notifyDanger, notifySuccess } from '../../components/notify';
import { sortByWeight } from './stashdb-results';
import { StashdbSceneResultRow } from './StashdbSceneResultRow';
import { useStatusWarning } from './use-status-warning';

interface StashdbSceneSearchDialogProps {
  /** The scene to link; its title is the first search. */
  scene: Pick<Scene, 'id' | 'title'>;
  onClose: () => void;
}

/**
 * Search StashDB for a scene (key S in scene details): free text, a StashDB scene id or URL, searched 750 ms
 * after the last key. Results best first; Link ties the scene to one, updates it everywhere and closes.
 */
export function StashdbSceneSearchDialog({ scene, onClose }: StashdbSceneSearchDialogProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState(scene.title);
  const [debounced] = useDebouncedValue(query.trim(), EXTERNAL_SEARCH_DEBOUNCE_MS);
  const search = useStashdbSceneSearch(scene.id, debounced);
  const link = useLinkStashdbScene();
  const apiKey = useOptionsState().data?.config.advanced.stashApiKey;
  const results = sortByWeight(search.data?.Results);
  const linkingId = link.isPending ? (link.variables?.stashId ?? null) : null;

  useStatusWarning({
    status: search.data?.Status,
    updatedAt: search.dataUpdatedAt,
    placeholder: search.isPlaceholderData,
  });

  const linkTo = (result: StashdbSceneResult) =>
    link.mutate(
      { sceneId: scene.id, stashId: result.Id },
      {
        onSuccess: () => {
          notifySuccess(t('success.stashdbSceneLinked'));
          onClose();
        },
        onError: (error) => notifyDanger(t('errors.errorMessage', { message: error.message })),
      },
    );

  return (
    <Modal opened onClose={onClose} size="xl" radius="md" title={t('stashdbSearch.title')}>
      <Stack gap="sm" data-testid="stashdb-search-dialog">
        {apiKey?.trim() === '' && (
          <Alert color="yellow" icon={<IconKey size={18} />} data-testid="stashdb-no-key">
            {t('stashdbSearch.noApiKey')}
          </Alert>
        )}
        <TextInput
          data-autofocus
          aria-label={t('stashdbSearch.searchLabel')}
          placeholder={t('stashdbSearch.placeholder')}
          leftSection={<IconSearch size={16} />}
          rightSection={search.isFetching ? <Loader size="xs" data-testid="stashdb-search-fetching" /> : null}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
        {search.isError ? (
          <Text c="red" fz="sm" data-testid="stashdb-search-error">
            {t('stashdbSearch.failed', { message: search.error.message })}
          </Text>
        ) : search.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label={t('common.loading')} data-testid="stashdb-search-loading" />
          </Center>
        ) : results.length === 0 ? (
          <Text c="dimmed" fz="sm" ta="center" py="md" data-testid="stashdb-no-results">
            {t('stashdbSearch.noResults')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah="65vh" offsetScrollbars>
            <Stack gap="md" data-testid="stashdb-results">
              {results.map((result) => (
                <StashdbSceneResultRow
                  key={result.Id}
                  result={result}
                  linking={linkingId === result.Id}
                  disabled={linkingId !== null && linkingId !== result.Id}
                  onLink={linkTo}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Modal>
  );
}
