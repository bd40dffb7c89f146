import type { Scene, SceneToggleList } from '@fovea/contract';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import {
  IconClock,
  IconEye,
  IconEyeOff,
  IconHeart,
  IconMovie,
  IconPencil,
  IconRefresh,
  IconRotate,
  IconShoppingCart,
  IconDatabaseSearch,
} from '@tabler/icons-react';
import type { ParseKeys } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SCENE_FLAG_FIELD, useRateScene, useToggleSceneFlag } from '../../api/queries/scene-flags';
import { StarRating } from '../../components/StarRating';
import { FlagToggleButton } from '../../components/FlagToggleButton';
import { RescrapeButton } from './RescrapeButton';

interface FlagSpec {
  list: SceneToggleList;
  icon: ReactNode;
  color: string;
  /** Translation keys: [when off, when on]. */
  labels: readonly [ParseKeys, ParseKeys];
  /** Offered for this scene? */
  shown?: (scene: Scene) => boolean;
}

const unavailable = (scene: Scene) => !scene.is_available;

/** The flag buttons of scene details, in the reference order. */
const FLAGS: readonly FlagSpec[] = [
  {
    list: 'is_hidden',
    icon: <IconEyeOff size={18} />,
    color: 'gray',
    labels: ['sceneCard.hideScene', 'sceneCard.unhideScene'],
  },
  {
    list: 'watchlist',
    icon: <IconClock size={18} />,
    color: 'blue',
    labels: ['sceneCard.watchlistAdd', 'sceneCard.watchlistRemove'],
  },
  {
    list: 'trailerlist',
    icon: <IconMovie size={18} />,
    color: 'grape',
    labels: ['sceneCard.trailerlistAdd', 'sceneCard.trailerlistRemove'],
    shown: (scene) => unavailable(scene) && scene.trailer_source.trim() !== '',
  },
  {
    list: 'favourite',
    icon: <IconHeart size={18} />,
    color: 'red',
    labels: ['sceneCard.favouriteAdd', 'sceneCard.favouriteRemove'],
  },
  {
    list: 'wishlist',
    icon: <IconShoppingCart size={18} />,
    color: 'orange',
    labels: ['sceneCard.wishlistAdd', 'sceneCard.wishlistRemove'],
    shown: unavailable,
  },
  {
    list: 'watched',
    icon: <IconEye size={18} />,
    color: 'teal',
    labels: ['sceneCard.watchedMark', 'sceneCard.watchedUnmark'],
  },
  {
    list: 'needs_update',
    icon: <IconRefresh size={18} />,
    color: 'yellow',
    labels: ['sceneDetails.flags.refreshMark', 'sceneDetails.flags.refreshUnmark'],
  },
];

interface SceneFlagBarProps {
  scene: Scene;
  onEdit: () => void;
  onSearchStashdb: () => void;
}

/**
 * Rating (half stars, with a reset), the flag buttons of a scene (they flip at once, then are sent), Edit and
 * Search StashDB.
 */
export function SceneFlagBar({ scene, onEdit, onSearchStashdb }: SceneFlagBarProps) {
  const { t } = useTranslation();
  const toggle = useToggleSceneFlag();
  const rate = useRateScene();
  return (
    <Group justify="space-between" gap="sm" data-testid="scene-details-flags">
      <Group gap={6} wrap="nowrap">
        <StarRating
          value={scene.star_rating}
          onChange={(rating) => rate.mutate({ scene, rating })}
          size="md"
          label={t('sceneDetails.rating')}
        />
        <Tooltip label={t('sceneDetails.resetRatingHint')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={t('sceneDetails.resetRating')}
            onClick={() => rate.mutate({ scene, rating: 0 })}
          >
            <IconRotate size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group gap={6}>
        {FLAGS.filter((flag) => flag.shown?.(scene) ?? true).map((flag) => {
          const on = scene[SCENE_FLAG_FIELD[flag.list]];
          return (
            <FlagToggleButton
              key={flag.list}
              flag={flag.list}
              on={on}
              label={t(on ? flag.labels[1] : flag.labels[0])}
              color={flag.color}
              icon={flag.icon}
              onToggle={() => toggle.mutate({ scene, list: flag.list })}
            />
          );
        })}
        <Tooltip label={t('sceneCard.edit')}>
          <ActionIcon variant="default" size="lg" aria-label={t('sceneCard.edit')} onClick={onEdit}>
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('sceneDetails.searchStashdbHint')}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('sceneDetails.searchStashdb')}
            data-testid="scene-search-stashdb"
            onClick={onSearchStashdb}
          >
            <IconDatabaseSearch size={18} />
          </ActionIcon>
        </Tooltip>
        <RescrapeButton scene={scene} />
      </Group>
    </Group>
  );
}
