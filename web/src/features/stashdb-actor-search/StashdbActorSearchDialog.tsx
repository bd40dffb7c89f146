import { EXTERNAL_SEARCH_DEBOUNCE_MS } from '@fovea/contract';
import type { Actor, StashdbPerformerResult } from '@fovea/contract';
import { Alert, Center, Loader, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconKey, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionsState } from '../../api/queries/options';
import { useLinkStashdbActor, useStashdbActorSearch } from '../../api/queries/stashdb';
import { notifyDanger, notifySuccess } from '../../components/notify';
import { useStatusWarning } from '../stashdb-search/use-status-warning';
import { sortPerformersByWeight } from './performer-results';
import { StashdbPerformerResultRow } from './StashdbPerformerResultRow';

interface StashdbActorSearchDialogProps {
  /** The actor to link; its name is the first search. */
  actor: Actor;
  onClose: () => void;
}

/**
 * Search StashDB for an actor (key S in actor details): a name, a StashDB performer id or URL, searched
 * 750 ms after the last key. Results best first; Link ties the actor to one, merges its facts, updates the
 * actor everywhere and closes. Mounted only while open.
 */
export default function StashdbActorSearchDialog({ actor, onClose }: StashdbActorSearchDialogProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState(actor.name);
  const [debounced] = useDebouncedValue(query.trim(), EXTERNAL_SEARCH_DEBOUNCE_MS);
  const search = useStashdbActorSearch(actor.id, debounced);
  const link = useLinkStashdbActor();
  const apiKey = useOptionsState().data?.config.advanced.stashApiKey;
  const results = sortPerformersByWeight(search.data?.Results);
  const linkingId = link.isPending ? (link.variables?.stashId ?? null) : null;

  useStatusWarning({
    status: search.data?.Status,
    updatedAt: search.dataUpdatedAt,
    placeholder: search.isPlaceholderData,
  });

  const linkTo = (result: StashdbPerformerResult) =>
    link.mutate(
      { actorId: actor.id, stashId: result.Id },
      {
        onSuccess: () => {
          notifySuccess(t('stashdbActorSearch.linked'));
          onClose();
        },
        onError: (error) => notifyDanger(t('errors.errorMessage', { message: error.message })),
      },
    );

  return (
    <Modal opened onClose={onClose} size="xl" radius="md" title={t('stashdbActorSearch.title')}>
      <Stack gap="sm" data-testid="stashdb-actor-search-dialog">
        {apiKey?.trim() === '' && (
          <Alert color="yellow" icon={<IconKey size={18} />} data-testid="stashdb-actor-no-key">
            {t('stashdbActorSearch.noApiKey')}
          </Alert>
        )}
        <TextInput
          data-autofocus
          aria-label={t('stashdbActorSearch.searchLabel')}
          placeholder={t('stashdbActorSearch.placeholder')}
          leftSection={<IconSearch size={16} />}
          rightSection={
            search.isFetching ? <Loader size="xs" data-testid="stashdb-actor-search-fetching" /> : null
          }
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
        {search.isError ? (
          <Text c="red" fz="sm" data-testid="stashdb-actor-search-error">
            {t('stashdbActorSearch.failed', { message: search.error.message })}
          </Text>
        ) : search.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label={t('common.loading')} data-testid="stashdb-actor-search-loading" />
          </Center>
        ) : results.length === 0 ? (
          <Text c="dimmed" fz="sm" ta="center" py="md" data-testid="stashdb-actor-no-results">
            {t('stashdbActorSearch.noResults')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah="65vh" offsetScrollbars>
            <Stack gap="md" data-testid="stashdb-actor-results">
              {results.map((result) => (
                <StashdbPerformerResultRow
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
