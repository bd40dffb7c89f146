import type { Scene, SceneToggleList } from '@fovea/contract';
import {
  IconClock,
  IconEye,
  IconEyeOff,
  IconHeart,
  IconMovie,
  IconRefresh,
  IconShoppingCart,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SCENE_FLAG_FIELD, useRateScene, useToggleSceneFlag } from '../../api/queries/scene-flags';
import { FlagBar } from '../../components/flag-bar/FlagBar';
import type { FlagSpec } from '../../components/flag-bar/FlagBar';
import { RatingWithReset } from '../../components/flag-bar/RatingWithReset';
import { RescrapeButton } from './RescrapeButton';

interface SceneFlagSpec extends FlagSpec<SceneToggleList> {
  /** Offered for this scene? */
  shown?: (scene: Scene) => boolean;
}

const unavailable = (scene: Scene) => !scene.is_available;

/** The flag buttons of scene details, in the reference order. */
const FLAGS: readonly SceneFlagSpec[] = [
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
    <FlagBar
      testId="scene-details-flags"
      rating={
        <RatingWithReset
          value={scene.star_rating}
          onRate={(rating) => rate.mutate({ scene, rating })}
          label={t('sceneDetails.rating')}
          resetLabel={t('sceneDetails.resetRating')}
          resetHint={t('sceneDetails.resetRatingHint')}
        />
      }
      flags={FLAGS.filter((flag) => flag.shown?.(scene) ?? true)}
      isOn={(list) => scene[SCENE_FLAG_FIELD[list]]}
      onToggle={(list) => toggle.mutate({ scene, list })}
      edit={{ label: t('sceneCard.edit'), hint: t('sceneCard.edit'), onClick: onEdit }}
      searchStashdb={{
        label: t('sceneDetails.searchStashdb'),
        hint: t('sceneDetails.searchStashdbHint'),
        testId: 'scene-search-stashdb',
        onClick: onSearchStashdb,
      }}
    >
      <RescrapeButton scene={scene} />
    </FlagBar>
  );
}
