import { MATCH_SEARCH_DEBOUNCE_MS, matchSearchText } from '@fovea/contract';
import type { File, Scene } from '@fovea/contract';
import { ActionIcon, Center, Group, Loader, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatchFile, useSceneSearch } from '../../api/queries/files';
import { useShortcut } from '../../app/shortcuts';
import { notifyDanger } from '../../components/notify';
import { notifyWithLink } from '../../components/notify-link';
import { useSceneDetails } from '../scene-details/scene-details-context';
import { durationMinutes, sceneLabel } from './file-format';
import { adjacentFile, nextUnmatchedFile, resultPageCount, stepResultPage } from './match-navigation';
import { MatchFileSummary } from './MatchFileSummary';
import { MatchResults } from './MatchResults';
import { MatchSearchField } from './MatchSearchField';

interface MatchFileDialogProps {
  file: File;
  /** The files the table shows, for O/P (previous/next file) and the move after Assign. */
  files: readonly File[];
  /** Show another file in the dialog. */
  onNavigate: (file: File) => void;
  onClose: () => void;
}

/** The search and results for one file; remounted for every file so the search starts from its name. */
function MatchFileSearch({ file, files, onNavigate, onClose }: MatchFileDialogProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState(() => matchSearchText(file.filename));
  const [debounced] = useDebouncedValue(query, MATCH_SEARCH_DEBOUNCE_MS);
  const search = useSceneSearch(debounced);
  const scenes: readonly Scene[] = search.data?.scenes ?? [];
  const [paging, setPaging] = useState({ q: debounced, page: 0 });
  const page = paging.q === debounced ? paging.page : 0;
  const pages = resultPageCount(scenes.length);
  const match = useMatchFile();
  const details = useSceneDetails();
  const [assigning, setAssigning] = useState<string | null>(null);

  useShortcut('ArrowLeft', () => setPaging({ q: debounced, page: stepResultPage(page, -1, pages) }));
  useShortcut('ArrowRight', () => setPaging({ q: debounced, page: stepResultPage(page, 1, pages) }));

  const assign = (scene: Scene) => {
    setAssigning(scene.scene_id);
    match.mutate(
      { file_id: file.id, scene_id: scene.scene_id },
      {
        onSuccess: () => {
          notifyWithLink(
            'success',
            t('files.assigned', { filename: file.filename, title: sceneLabel(scene) }),
            {
              label: t('files.openScene'),
              onOpen: () => details.open(scene.id),
              testId: 'assigned-scene-link',
            },
          );
          const next = nextUnmatchedFile(files, file.id);
          if (next) onNavigate(next);
          else onClose();
        },
        onError: (error) => notifyDanger(t('errors.errorMessage', { message: error.message })),
        onSettled: () => setAssigning(null),
      },
    );
  };

  const searched = debounced.trim() !== '' && search.data !== undefined;
  return (
    <Stack gap="sm">
      <MatchFileSummary file={file} />
      <MatchSearchField value={query} onChange={setQuery} fileMinutes={durationMinutes(file.duration)} />
      {search.isFetching && scenes.length === 0 ? (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      ) : searched && scenes.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="md" data-testid="match-no-results">
          {t('match.noResults')}
        </Text>
      ) : (
        <MatchResults
          scenes={scenes}
          page={Math.min(page, pages - 1)}
          onPage={(next) => setPaging({ q: debounced, page: next })}
          onAssign={assign}
          assigning={assigning}
        />
      )}
      <Text size="xs" c="dimmed">
        {t(files.length > 1 ? 'match.keysHintFiles' : 'match.keysHint')}
      </Text>
    </Stack>
  );
}

/**
 * Match file to scene: the file's facts, a search prefilled from its name (debounced 200 ms), results 5 a
 * page and Assign. Keys: Esc closes, Left/Right change the results page, O/P previous/next file (wrapping;
 * only with more than one file).
 */
export function MatchFileDialog(props: MatchFileDialogProps) {
  const { t } = useTranslation();
  const { file, files, onNavigate, onClose } = props;
  const previous = adjacentFile(files, file.id, -1);
  const next = adjacentFile(files, file.id, 1);
  useShortcut('o', () => previous && onNavigate(previous), { enabled: previous !== null });
  useShortcut('p', () => next && onNavigate(next), { enabled: next !== null });
  const index = files.findIndex((candidate) => candidate.id === file.id);

  return (
    <Modal
      opened
      onClose={onClose}
      size={1000}
      radius="md"
      title={
        <Group gap="xs" wrap="nowrap">
          <Text fw={600}>{t('match.title')}</Text>
          {previous && next && (
            <Group gap={2} wrap="nowrap" data-testid="match-file-nav">
              <Tooltip label={t('match.previousFile')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('match.previousFile')}
                  onClick={() => onNavigate(previous)}
                >
                  <IconChevronLeft size={16} />
                </ActionIcon>
              </Tooltip>
              <Text size="sm" c="dimmed">
                {t('match.fileOf', { index: index + 1, count: files.length })}
              </Text>
              <Tooltip label={t('match.nextFile')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('match.nextFile')}
                  onClick={() => onNavigate(next)}
                >
                  <IconChevronRight size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
        </Group>
      }
    >
      <div data-testid="match-dialog">
        <MatchFileSearch key={file.id} {...props} />
      </div>
    </Modal>
  );
}
