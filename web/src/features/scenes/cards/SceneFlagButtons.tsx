import type { Scene } from '@fovea/contract';
import {
  IconBadgeCc,
  IconBookmarks,
  IconClock,
  IconClockFilled,
  IconExternalLink,
  IconEyeCheck,
  IconEyeOff,
  IconFileDescription,
  IconGift,
  IconGiftFilled,
  IconHeart,
  IconHeartFilled,
  IconMovie,
  IconPencil,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type enGB from '../../../i18n/en-GB.json';
import { useCardActions } from './card-actions';
import { cardIndicators, flagValue, sceneWindowUrl, visibleFlags } from './scene-card-model';
import type { CardFlag, CardOptions } from './scene-card-model';
import classes from './scene-cards.module.css';

type CardTextKey = `sceneCard.${keyof (typeof enGB)['sceneCard']}`;

interface FlagLook {
  onKey: CardTextKey;
  offKey: CardTextKey;
  iconOn: Icon;
  iconOff: Icon;
  colour: string;
}

const FLAG_LOOK: Record<CardFlag, FlagLook> = {
  is_hidden: {
    onKey: 'sceneCard.unhideScene',
    offKey: 'sceneCard.hideScene',
    iconOn: IconEyeOff,
    iconOff: IconEyeOff,
    colour: 'var(--mantine-color-yellow-6)',
  },
  watchlist: {
    onKey: 'sceneCard.watchlistRemove',
    offKey: 'sceneCard.watchlistAdd',
    iconOn: IconClockFilled,
    iconOff: IconClock,
    colour: 'var(--mantine-color-blue-5)',
  },
  favourite: {
    onKey: 'sceneCard.favouriteRemove',
    offKey: 'sceneCard.favouriteAdd',
    iconOn: IconHeartFilled,
    iconOff: IconHeart,
    colour: 'var(--mantine-color-red-6)',
  },
  wishlist: {
    onKey: 'sceneCard.wishlistRemove',
    offKey: 'sceneCard.wishlistAdd',
    iconOn: IconGiftFilled,
    iconOff: IconGift,
    colour: 'var(--mantine-color-violet-5)',
  },
  trailerlist: {
    onKey: 'sceneCard.trailerlistRemove',
    offKey: 'sceneCard.trailerlistAdd',
    iconOn: IconMovie,
    iconOff: IconMovie,
    colour: 'var(--mantine-color-orange-5)',
  },
  watched: {
    onKey: 'sceneCard.watchedUnmark',
    offKey: 'sceneCard.watchedMark',
    iconOn: IconEyeCheck,
    iconOff: IconEyeCheck,
    colour: 'var(--mantine-color-teal-5)',
  },
};

const ICON_SIZE = 16;

function FlagButton({ scene, flag }: { scene: Scene; flag: CardFlag }) {
  const { t } = useTranslation();
  const { toggle } = useCardActions();
  const on = flagValue(scene, flag);
  const look = FLAG_LOOK[flag];
  const FlagIcon = on ? look.iconOn : look.iconOff;
  const text = t(on ? look.onKey : look.offKey);
  return (
    <button
      type="button"
      className={classes.flag}
      aria-pressed={on}
      aria-label={text}
      data-tip={text}
      data-flag={flag}
      style={{ '--flag-colour': look.colour } as CSSProperties}
      onClick={() => toggle(scene, flag)}
    >
      <FlagIcon size={ICON_SIZE} stroke={1.8} aria-hidden />
    </button>
  );
}

/** The flag buttons, edit button, open-in-new-window link and file/cuepoint indicators of a card. */
export function SceneFlagButtons({ scene, options }: { scene: Scene; options: CardOptions }) {
  const { t } = useTranslation();
  const { edit } = useCardActions();
  const flags = visibleFlags(scene, options);
  const indicators = cardIndicators(scene, options);
  const cuepointsText = t('sceneCard.cuepoints', { count: indicators.cuepoints });
  return (
    <div className={classes.tools}>
      {(indicators.cuepoints > 0 || indicators.hspFile || indicators.subtitlesFile) && (
        <div className={classes.indicators}>
          {indicators.cuepoints > 0 && (
            <span
              className={classes.indicator}
              role="img"
              aria-label={cuepointsText}
              data-tip={cuepointsText}
              data-indicator="cuepoints"
            >
              <IconBookmarks size={14} stroke={1.8} aria-hidden />
              {indicators.cuepoints}
            </span>
          )}
          {indicators.hspFile && (
            <span
              className={classes.indicator}
              role="img"
              aria-label={t('sceneCard.hspFile')}
              data-tip={t('sceneCard.hspFile')}
              data-indicator="hsp"
            >
              <IconFileDescription size={14} stroke={1.8} aria-hidden />
            </span>
          )}
          {indicators.subtitlesFile && (
            <span
              className={classes.indicator}
              role="img"
              aria-label={t('sceneCard.subtitlesFile')}
              data-tip={t('sceneCard.subtitlesFile')}
              data-indicator="subtitles"
            >
              <IconBadgeCc size={14} stroke={1.8} aria-hidden />
            </span>
          )}
        </div>
      )}
      <div className={classes.buttons}>
        {flags.map((flag) => (
          <FlagButton key={flag} scene={scene} flag={flag} />
        ))}
        {options.edit && (
          <button
            type="button"
            className={classes.flag}
            aria-label={t('sceneCard.edit')}
            data-tip={t('sceneCard.edit')}
            data-action="edit"
            onClick={() => edit(scene.id)}
          >
            <IconPencil size={ICON_SIZE} stroke={1.8} aria-hidden />
          </button>
        )}
        {options.openInNewWindow && (
          <a
            className={classes.link}
            href={sceneWindowUrl(scene.id)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('sceneCard.openInNewWindow')}
            data-tip={t('sceneCard.openInNewWindow')}
            data-action="new-window"
          >
            <IconExternalLink size={ICON_SIZE} stroke={1.8} aria-hidden />
          </a>
        )}
      </div>
    </div>
  );
}
