import { Badge, Divider, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Scene } from '@fovea/contract';
import { IconDeviceVisionPro, IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { formatClock } from '../../features/scene-cuepoints/cuepoint-time';
import { useSceneDetails } from '../../features/scene-details/scene-details-context';
import classes from './layout.module.css';
import { useRemotePlayer } from './use-remote-player';

function SceneLink({
  scene,
  testId,
  onOpen,
}: {
  scene: Scene;
  testId: string;
  onOpen: (id: number) => void;
}) {
  return (
    <UnstyledButton className={classes.remoteScene} onClick={() => onOpen(scene.id)} data-testid={testId}>
      <Text size="sm" fw={500} lineClamp={2}>
        {scene.title !== '' ? scene.title : scene.scene_id}
      </Text>
      {scene.site !== '' && (
        <Text size="xs" c="dimmed">
          {scene.site}
        </Text>
      )}
    </UnstyledButton>
  );
}

/**
 * While a DeoVR player is connected in remote mode, a badge in the top bar; its popover shows the scene
 * playing (a click opens its details), playing or paused, the position, the player's host and the scenes
 * played before.
 */
export function RemotePlayerBadge() {
  const { t } = useTranslation();
  const { remote, current, history } = useRemotePlayer();
  const [opened, setOpened] = useState(false);
  const details = useSceneDetails();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (remote?.connected !== true) return null;

  const playing = remote.isPlaying === true;
  const open = (sceneId: number) => {
    setOpened(false);
    if (pathname !== '/') void navigate('/');
    details.open(sceneId);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={320} shadow="md" withArrow>
      <Popover.Target>
        <Badge
          component="button"
          type="button"
          onClick={() => setOpened((value) => !value)}
          variant="light"
          color="violet"
          size="md"
          radius="sm"
          tt="none"
          className={classes.remoteBadge}
          leftSection={<IconDeviceVisionPro size={14} />}
          data-testid="remote-badge"
          data-playing={playing ? 'true' : 'false'}
          aria-label={t('remotePlayer.badgeLabel')}
          aria-expanded={opened}
          style={{ flexShrink: 0 }}
        >
          {t('remotePlayer.badge')}
        </Badge>
      </Popover.Target>
      <Popover.Dropdown data-testid="remote-popover">
        <Stack gap="xs">
          <Group justify="space-between" gap="xs">
            <Group gap={6}>
              {playing ? <IconPlayerPlayFilled size={14} /> : <IconPlayerPauseFilled size={14} />}
              <Text size="sm" fw={600} data-testid="remote-play-state">
                {playing ? t('remotePlayer.playing') : t('remotePlayer.paused')}
              </Text>
            </Group>
            <Text size="sm" ff="monospace" data-testid="remote-position">
              {formatClock(Math.floor(remote.currentPosition ?? 0))}
            </Text>
          </Group>
          {current === null ? (
            <Text size="sm" c="dimmed" data-testid="remote-no-scene">
              {t('remotePlayer.noScene')}
            </Text>
          ) : (
            <SceneLink scene={current} testId="remote-current-scene" onOpen={open} />
          )}
          <Text size="xs" c="dimmed" data-testid="remote-host">
            {t('remotePlayer.host', { host: remote.deovrHost ?? '' })}
          </Text>
          {history.length > 0 && (
            <>
              <Divider label={t('remotePlayer.history')} labelPosition="left" />
              <Stack gap={2} mah={240} style={{ overflowY: 'auto' }}>
                {history.map((scene) => (
                  <SceneLink key={scene.id} scene={scene} testId="remote-history-scene" onOpen={open} />
                ))}
              </Stack>
            </>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
