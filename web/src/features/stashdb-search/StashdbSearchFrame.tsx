import { EXTERNAL_SEARCH_DEBOUNCE_MS } from '@fovea/contract';
import { Alert, Center, Loader, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconKey, IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionsState } from '../../api/queries/options';
import { useStatusWarning } from './use-status-warning';

/** A StashDB search answer (scenes or performers), as the reference shapes it. */
interface StashdbAnswer<Result> {
  Status: string;
  Results: Result[] | null;
}

/** One result row with its Link button. */
export interface StashdbResultRowProps<Result> {
  result: Result;
  linking: boolean;
  disabled: boolean;
  onLink: (result: Result) => void;
}

interface StashdbSearchFrameProps<Result extends { Id: string }> {
  /** Whose texts (catalogue section) and test ids (prefix) the dialog uses. */
  texts: 'stashdbSearch' | 'stashdbActorSearch';
  testIds: 'stashdb' | 'stashdb-actor';
  query: string;
  onQueryChange: (query: string) => void;
  search: UseQueryResult<StashdbAnswer<Result>>;
  /** The results in the order shown (best first). */
  results: readonly Result[];
  /** The result being linked now, if any: the other rows wait. */
  linkingId: string | null;
  Row: ComponentType<StashdbResultRowProps<Result>>;
  onLink: (result: Result) => void;
  onClose: () => void;
}

/** The search field's text, and what is searched: its trimmed text once typing pauses. */
export function useStashdbSearchText(initial: string) {
  const [query, setQuery] = useState(initial);
  const [debounced] = useDebouncedValue(query.trim(), EXTERNAL_SEARCH_DEBOUNCE_MS);
  return { query, setQuery, debounced };
}

/**
 * The StashDB search dialog of a scene or an actor: the missing-key notice, the search field (its spinner
 * while fetching), then the failure, the first load, "No results" or the result rows. A non-empty Status warns.
 */
export function StashdbSearchFrame<Result extends { Id: string }>(props: StashdbSearchFrameProps<Result>) {
  const { texts, testIds, query, onQueryChange, search, results, linkingId, Row, onLink, onClose } = props;
  const { t } = useTranslation();
  const apiKey = useOptionsState().data?.config.advanced.stashApiKey;

  useStatusWarning({
    status: search.data?.Status,
    updatedAt: search.dataUpdatedAt,
    placeholder: search.isPlaceholderData,
  });

  return (
    <Modal opened onClose={onClose} size="xl" radius="md" title={t(`${texts}.title`)}>
      <Stack gap="sm" data-testid={`${testIds}-search-dialog`}>
        {apiKey?.trim() === '' && (
          <Alert color="yellow" icon={<IconKey size={18} />} data-testid={`${testIds}-no-key`}>
            {t(`${texts}.noApiKey`)}
          </Alert>
        )}
        <TextInput
          data-autofocus
          aria-label={t(`${texts}.searchLabel`)}
          placeholder={t(`${texts}.placeholder`)}
          leftSection={<IconSearch size={16} />}
          rightSection={
            search.isFetching ? <Loader size="xs" data-testid={`${testIds}-search-fetching`} /> : null
          }
          value={query}
          onChange={(event) => onQueryChange(event.currentTarget.value)}
        />
        {search.isError ? (
          <Text c="red" fz="sm" data-testid={`${testIds}-search-error`}>
            {t(`${texts}.failed`, { message: search.error.message })}
          </Text>
        ) : search.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label={t('common.loading')} data-testid={`${testIds}-search-loading`} />
          </Center>
        ) : results.length === 0 ? (
          <Text c="dimmed" fz="sm" ta="center" py="md" data-testid={`${testIds}-no-results`}>
            {t(`${texts}.noResults`)}
          </Text>
        ) : (
          <ScrollArea.Autosize mah="65vh" offsetScrollbars>
            <Stack gap="md" data-testid={`${testIds}-results`}>
              {results.map((result) => (
                <Row
                  key={result.Id}
                  result={result}
                  linking={linkingId === result.Id}
                  disabled={linkingId !== null && linkingId !== result.Id}
                  onLink={onLink}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Modal>
  );
}
