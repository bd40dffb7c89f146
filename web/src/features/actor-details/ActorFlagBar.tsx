import type { Actor, ActorToggleList } from '@fovea/contract';
import { ActionIcon, Group, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconClock,
  IconDatabaseSearch,
  IconHeart,
  IconPencil,
  IconRefresh,
  IconRotate,
  IconTrash,
} from '@tabler/icons-react';
import type { ParseKeys } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRateActor, useToggleActorFlag } from '../../api/queries/actor';
import { StarRating } from '../../components/StarRating';
import { FlagToggleButton } from '../../components/FlagToggleButton';

interface FlagSpec {
  list: ActorToggleList;
  icon: ReactNode;
  color: string;
  /** Translation keys: [when off, when on]. */
  labels: readonly [ParseKeys, ParseKeys];
}

const FLAGS: readonly FlagSpec[] = [
  {
    list: 'favourite',
    icon: <IconHeart size={18} />,
    color: 'red',
    labels: ['actorDetails.flags.favouriteAdd', 'actorDetails.flags.favouriteRemove'],
  },
  {
    list: 'watchlist',
    icon: <IconClock size={18} />,
    color: 'blue',
    labels: ['actorDetails.flags.watchlistAdd', 'actorDetails.flags.watchlistRemove'],
  },
  {
    list: 'needs_update',
    icon: <IconRefresh size={18} />,
    color: 'yellow',
    labels: ['actorDetails.flags.refreshMark', 'actorDetails.flags.refreshUnmark'],
  },
];

/** The average of the actor's rated scenes as a number, or null when none is rated. */
export function sceneRatingAverage(actor: Pick<Actor, 'scene_rating_average'>): number | null {
  if (actor.scene_rating_average.trim() === '') return null;
  const value = Number(actor.scene_rating_average);
  return Number.isFinite(value) && value > 0 ? value : null;
}

interface ActorFlagBarProps {
  actor: Actor;
  onEdit: () => void;
  onSearchStashdb: () => void;
  onDelete: () => void;
}

/**
 * The actor's rating (half stars, with a reset) and the average of its rated scenes, the favourite, watchlist
 * and needs-update buttons (they flip at once, then are sent), Edit, Search StashDB and Delete.
 */
export function ActorFlagBar({ actor, onEdit, onSearchStashdb, onDelete }: ActorFlagBarProps) {
  const { t } = useTranslation();
  const toggle = useToggleActorFlag();
  const rate = useRateActor();
  const average = sceneRatingAverage(actor);
  return (
    <Group justify="space-between" align="flex-start" gap="sm" data-testid="actor-details-flags">
      <Stack gap={4}>
        <Group gap={6} wrap="nowrap">
          <Text fz="sm" c="dimmed" w={110}>
            {t('actorDetails.rating')}
          </Text>
          <StarRating
            value={actor.star_rating}
            onChange={(rating) => rate.mutate({ actor, rating })}
            size="md"
            label={t('actorDetails.rating')}
          />
          <Tooltip label={t('actorDetails.resetRatingHint')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t('actorDetails.resetRating')}
              onClick={() => rate.mutate({ actor, rating: 0 })}
            >
              <IconRotate size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Group gap={6} wrap="nowrap" data-testid="actor-scene-average">
          <Text fz="sm" c="dimmed" w={110}>
            {t('actorDetails.sceneAverage')}
          </Text>
          {average === null ? (
            <Text fz="sm" c="dimmed">
              {t('actorDetails.noRatedScenes')}
            </Text>
          ) : (
            <>
              <StarRating
                value={average}
                step={0.25}
                readOnly
                size="md"
                label={t('actorDetails.sceneAverage')}
              />
              <Text fz="sm">{average.toFixed(2)}</Text>
            </>
          )}
        </Group>
      </Stack>
      <Group gap={6}>
        {FLAGS.map((flag) => {
          const on = actor[flag.list];
          return (
            <FlagToggleButton
              key={flag.list}
              flag={flag.list}
              on={on}
              label={t(on ? flag.labels[1] : flag.labels[0])}
              color={flag.color}
              icon={flag.icon}
              onToggle={() => toggle.mutate({ actor, list: flag.list })}
            />
          );
        })}
        <Tooltip label={t('actorDetails.editHint')}>
          <ActionIcon variant="default" size="lg" aria-label={t('actorDetails.edit')} onClick={onEdit}>
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('actorDetails.searchStashdbHint')}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('actorDetails.searchStashdb')}
            data-testid="actor-search-stashdb"
            onClick={onSearchStashdb}
          >
            <IconDatabaseSearch size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('actorDetails.delete')}>
          <ActionIcon
            variant="default"
            color="red"
            size="lg"
            aria-label={t('actorDetails.delete')}
            onClick={onDelete}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
