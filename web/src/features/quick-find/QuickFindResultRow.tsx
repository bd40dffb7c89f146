import type { Scene } from '@fovea/contract';
import { Box, Group, Image, Stack, Text, Tooltip } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sceneCoverSrc } from '../../components/scene-cover-src';
import { StarRating } from '../../components/StarRating';
import classes from './quick-find.module.css';

const COVER_WIDTH = 80;
const COVER_HEIGHT = 45;

/** yyyy-mm-dd of the scene's release, or '' when it has none. */
export function releaseDay(scene: Scene): string {
  if (scene.release_date_text !== '') return scene.release_date_text;
  return scene.release_date.startsWith('0001-') ? '' : scene.release_date.slice(0, 10);
}

function Cover({ url }: { url: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (url === '' || failedUrl === url) {
    return <Box w={COVER_WIDTH} h={COVER_HEIGHT} className={classes.blankCover} />;
  }
  return (
    <Image
      src={url}
      alt=""
      w={COVER_WIDTH}
      h={COVER_HEIGHT}
      fit="cover"
      radius={4}
      loading="lazy"
      onError={() => setFailedUrl(url)}
    />
  );
}

interface QuickFindResultRowProps {
  scene: Scene;
  id: string;
  active: boolean;
  onHover: () => void;
  onSelect: () => void;
}

/** One search result: cover, site (with a hidden mark), title, cast, read-only rating and release date. */
export function QuickFindResultRow({ scene, id, active, onHover, onSelect }: QuickFindResultRowProps) {
  const { t } = useTranslation();
  const cast = scene.cast.map((actor) => actor.name).join(', ');
  const released = releaseDay(scene);
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      data-active={active || undefined}
      data-testid="quick-find-result"
      className={classes.row}
      onMouseMove={active ? undefined : onHover}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onSelect}
    >
      <Cover url={sceneCoverSrc(scene, '120x')} />
      <Stack gap={2} className={classes.content}>
        <Group gap={4} wrap="nowrap">
          <Text size="xs" c="dimmed" truncate>
            {scene.site}
          </Text>
          {scene.is_hidden && (
            <Tooltip label={t('quickFind.hidden')}>
              <IconEyeOff
                size={14}
                stroke={1.8}
                aria-label={t('quickFind.hidden')}
                role="img"
                data-testid="quick-find-hidden"
              />
            </Tooltip>
          )}
        </Group>
        <Text size="sm" fw={600} truncate>
          {scene.title}
        </Text>
        {cast !== '' && (
          <Text size="xs" c="dimmed" truncate>
            {cast}
          </Text>
        )}
      </Stack>
      <Stack gap={4} align="flex-end" className={classes.aside}>
        <StarRating value={scene.star_rating} readOnly size="xs" />
        {released !== '' && (
          <Text size="xs" c="dimmed" ff="monospace">
            {released}
          </Text>
        )}
      </Stack>
    </div>
  );
}
