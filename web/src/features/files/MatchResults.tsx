import { MATCH_RESULTS_PAGE_SIZE } from '@fovea/contract';
import type { Scene } from '@fovea/contract';
import { Badge, Button, Group, Pagination, Progress, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { resultPageCount } from './match-navigation';
import { SceneThumb } from './SceneThumb';

interface MatchResultsProps {
  scenes: readonly Scene[];
  page: number;
  onPage: (page: number) => void;
  onAssign: (scene: Scene) => void;
  /** scene_id being assigned now. */
  assigning: string | null;
}

const releaseDay = (scene: Scene) =>
  scene.release_date_text !== ''
    ? scene.release_date_text
    : scene.release_date.startsWith('0001-')
      ? '-'
      : scene.release_date.slice(0, 10);

function SiteCell({ scene }: { scene: Scene }) {
  const { t } = useTranslation();
  const videos = scene.file.filter((file) => file.type === 'video').length;
  const script = scene.is_scripted || scene.file.some((file) => file.type === 'script');
  const subtitles = scene.file.some((file) => file.type === 'subtitles');
  return (
    <Stack gap={4}>
      <Text size="sm">{scene.site}</Text>
      <Group gap={4}>
        {scene.is_hidden && (
          <Tooltip label={t('match.badges.hidden')}>
            <Badge size="xs" color="gray" variant="light" aria-label={t('match.badges.hidden')}>
              <IconEyeOff size={10} />
            </Badge>
          </Tooltip>
        )}
        {videos > 0 && (
          <Badge size="xs" variant="light">
            {t('match.badges.videos', { count: videos })}
          </Badge>
        )}
        {script && (
          <Badge size="xs" color="grape" variant="light">
            {t('match.badges.script')}
          </Badge>
        )}
        {subtitles && (
          <Badge size="xs" color="teal" variant="light">
            {t('match.badges.subtitles')}
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

/** Search results, 5 a page: image, site with badges, title and cast, release, minutes, id, score, Assign. */
export function MatchResults({ scenes, page, onPage, onAssign, assigning }: MatchResultsProps) {
  const { t } = useTranslation();
  const pages = resultPageCount(scenes.length);
  const best = scenes.reduce((max, scene) => Math.max(max, scene._score), 0);
  const shown = scenes.slice(page * MATCH_RESULTS_PAGE_SIZE, (page + 1) * MATCH_RESULTS_PAGE_SIZE);

  return (
    <Stack gap="xs">
      <Table verticalSpacing={6} data-testid="match-results">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={96}>{t('match.columns.image')}</Table.Th>
            <Table.Th>{t('match.columns.site')}</Table.Th>
            <Table.Th>{t('match.columns.title')}</Table.Th>
            <Table.Th>{t('match.columns.released')}</Table.Th>
            <Table.Th ta="right">{t('match.columns.duration')}</Table.Th>
            <Table.Th>{t('match.columns.sceneId')}</Table.Th>
            <Table.Th w={90}>{t('match.columns.score')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((scene) => {
            const score = best > 0 ? Math.round((scene._score / best) * 100) : 0;
            return (
              <Table.Tr key={scene.id} data-testid="match-result" data-scene-id={scene.scene_id}>
                <Table.Td>
                  <SceneThumb scene={scene} />
                </Table.Td>
                <Table.Td>
                  <SiteCell scene={scene} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {scene.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {scene.cast.map((actor) => actor.name).join(', ')}
                  </Text>
                </Table.Td>
                <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                  {releaseDay(scene)}
                </Table.Td>
                <Table.Td fz="sm" ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {scene.duration > 0 ? t('match.minutes', { count: scene.duration }) : '-'}
                </Table.Td>
                <Table.Td fz="sm" ff="monospace">
                  {scene.scene_id}
                </Table.Td>
                <Table.Td>
                  <Tooltip label={t('match.scoreTooltip', { score })}>
                    <Progress value={score} size="md" aria-label={t('match.scoreTooltip', { score })} />
                  </Tooltip>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    loading={assigning === scene.scene_id}
                    disabled={assigning !== null && assigning !== scene.scene_id}
                    onClick={() => onAssign(scene)}
                  >
                    {t('match.assign')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {pages > 1 && (
        <Group justify="center">
          <Pagination
            size="sm"
            total={pages}
            value={page + 1}
            onChange={(value) => onPage(value - 1)}
            aria-label={t('match.resultPages')}
          />
        </Group>
      )}
    </Stack>
  );
}
