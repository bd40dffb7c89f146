import { MATCH_SEARCH_DEBOUNCE_MS } from '@fovea/contract';
import type { Scene } from '@fovea/contract';
import { Button, Group, Loader, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSceneSearch } from '../../api/queries/files';
import { releaseDay } from './scene-summary';

interface RelinkSceneDialogProps {
  /** The first search: the query that linked the source, or its title. */
  initialQuery: string;
  onPick: (scene: Scene) => void;
  onClose: () => void;
}

/** Finds the scene an alternate source should be linked to instead (the scene search, as in Quick find). */
export function RelinkSceneDialog({ initialQuery, onPick, onClose }: RelinkSceneDialogProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState(initialQuery);
  const [debounced] = useDebouncedValue(query.trim(), MATCH_SEARCH_DEBOUNCE_MS);
  const search = useSceneSearch(debounced);
  const scenes = search.data?.scenes ?? [];
  return (
    <Modal opened onClose={onClose} size="lg" title={t('sceneDetails.alternate.relinkTitle')} radius="md">
      <Stack gap="sm" data-testid="relink-scene-dialog">
        <TextInput
          data-autofocus
          aria-label={t('sceneDetails.alternate.relinkSearch')}
          leftSection={<IconSearch size={16} />}
          rightSection={search.isFetching ? <Loader size="xs" /> : null}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
        {debounced !== '' && search.isSuccess && scenes.length === 0 && (
          <Text c="dimmed" fz="sm">
            {t('sceneDetails.alternate.relinkNone')}
          </Text>
        )}
        <ScrollArea.Autosize mah={400}>
          <Stack gap={4}>
            {scenes.map((scene) => (
              <Group key={scene.id} justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fz="sm" fw={500} truncate>
                    {scene.title === '' ? scene.scene_id : scene.title}
                  </Text>
                  <Text fz="xs" c="dimmed" truncate>
                    {[scene.site, releaseDay(scene.release_date), scene.cast.map((a) => a.name).join(', ')]
                      .filter((part) => part !== '')
                      .join(' · ')}
                  </Text>
                </Stack>
                <Button size="compact-sm" variant="light" onClick={() => onPick(scene)}>
                  {t('sceneDetails.alternate.relinkPick')}
                </Button>
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Stack>
    </Modal>
  );
}
