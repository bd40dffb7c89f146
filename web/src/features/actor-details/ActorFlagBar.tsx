import type { Actor, ActorToggleList } from '@fovea/contract';
import { ActionIcon, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconClock, IconHeart, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRateActor, useToggleActorFlag } from '../../api/queries/actor';
import { FlagBar } from '../../components/flag-bar/FlagBar';
import type { FlagSpec } from '../../components/flag-bar/FlagBar';
import { RatingWithReset } from '../../components/flag-bar/RatingWithReset';
import { StarRating } from '../../components/StarRating';

const FLAGS: readonly FlagSpec<ActorToggleList>[] = [
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
  const rating = (
    <Stack gap={4}>
      <RatingWithReset
        value={actor.star_rating}
        onRate={(value) => rate.mutate({ actor, rating: value })}
        label={t('actorDetails.rating')}
        resetLabel={t('actorDetails.resetRating')}
        resetHint={t('actorDetails.resetRatingHint')}
        caption={
          <Text fz="sm" c="dimmed" w={110}>
            {t('actorDetails.rating')}
          </Text>
        }
      />
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
  );
  return (
    <FlagBar
      testId="actor-details-flags"
      align="flex-start"
      rating={rating}
      flags={FLAGS}
      isOn={(list) => actor[list]}
      onToggle={(list) => toggle.mutate({ actor, list })}
      edit={{ label: t('actorDetails.edit'), hint: t('actorDetails.editHint'), onClick: onEdit }}
      searchStashdb={{
        label: t('actorDetails.searchStashdb'),
        hint: t('actorDetails.searchStashdbHint'),
        testId: 'actor-search-stashdb',
        onClick: onSearchStashdb,
      }}
    >
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
    </FlagBar>
  );
}
