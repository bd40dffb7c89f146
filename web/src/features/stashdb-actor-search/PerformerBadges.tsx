import { TOOLTIP_DELAY_MS } from '@fovea/contract';
import type { StashdbPerformerResult } from '@fovea/contract';
import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { orderedAliases, orderedStudios } from './performer-results';

/** The aliases as badges; the ones matching the actor are green with a tick and say so. */
export function AliasBadges({ result }: { result: StashdbPerformerResult }) {
  const { t } = useTranslation();
  const aliases = orderedAliases(result);
  if (aliases.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap" data-testid="stashdb-actor-result-aliases">
      <Text fz="xs" c="dimmed" mr={2}>
        {t('stashdbActorSearch.aliases')}
      </Text>
      {aliases.map(({ Alias, Matched }, index) => (
        <Badge
          key={`${index}-${Alias}`}
          size="sm"
          radius="sm"
          variant={Matched ? 'filled' : 'light'}
          color={Matched ? 'teal' : 'gray'}
          tt="none"
          leftSection={Matched ? <IconCheck size={12} aria-hidden /> : null}
          aria-label={Matched ? t('stashdbActorSearch.matchedAlias', { alias: Alias }) : Alias}
          title={Matched ? t('stashdbActorSearch.matched') : undefined}
          data-matched={Matched}
          data-testid="stashdb-actor-alias"
        >
          {Alias}
        </Badge>
      ))}
    </Group>
  );
}

/** The studios with the performer's scene count in each (open on StashDB); matched ones are green. */
export function StudioBadges({ result }: { result: StashdbPerformerResult }) {
  const { t } = useTranslation();
  const studios = orderedStudios(result);
  if (studios.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap" data-testid="stashdb-actor-result-studios">
      <Text fz="xs" c="dimmed" mr={2}>
        {t('stashdbActorSearch.studios')}
      </Text>
      {studios.map((studio) => {
        const label = t(studio.Matched ? 'stashdbActorSearch.matchedStudio' : 'stashdbActorSearch.studio', {
          name: studio.Name,
          count: studio.SceneCount,
        });
        return (
          <Tooltip key={studio.Id} label={label} openDelay={TOOLTIP_DELAY_MS} withinPortal>
            <Badge
              component="a"
              href={studio.Url}
              target="_blank"
              rel="noreferrer"
              size="sm"
              radius="sm"
              variant={studio.Matched ? 'filled' : 'outline'}
              color={studio.Matched ? 'teal' : 'gray'}
              tt="none"
              style={{ cursor: 'pointer' }}
              leftSection={studio.Matched ? <IconCheck size={12} aria-hidden /> : null}
              aria-label={label}
              data-matched={studio.Matched}
              data-testid="stashdb-actor-studio"
            >
              {t('stashdbActorSearch.studioCount', { name: studio.Name, count: studio.SceneCount })}
            </Badge>
          </Tooltip>
        );
      })}
    </Group>
  );
}
