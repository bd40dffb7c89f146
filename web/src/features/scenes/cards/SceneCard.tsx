import type { Scene } from '@fovea/contract';
import { memo, useCallback } from 'react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { sceneCoverSources } from '../../../components/scene-cover-src';
import { StarRating } from '../../../components/StarRating';
import { useCardActions } from './card-actions';
import { COVER_SIZE, SceneCover } from './SceneCover';
import { SceneFlagButtons } from './SceneFlagButtons';
import { SceneHeatmaps } from './SceneHeatmaps';
import { cardOpacity, castNames, heatmapFiles, releaseDate } from './scene-card-model';
import type { CardOptions } from './scene-card-model';
import classes from './scene-cards.module.css';

export interface SceneCardProps {
  scene: Scene;
  options: CardOptions;
}

function SceneCardView({ scene, options }: SceneCardProps) {
  const { t } = useTranslation();
  const { open, rate } = useCardActions();
  const title = scene.title.trim() === '' ? t('sceneCard.untitled') : scene.title;
  const date = releaseDate(scene);
  const cast = castNames(scene);
  const onRate = useCallback((rating: number) => rate(scene, rating), [rate, scene]);
  const style = {
    opacity: cardOpacity(scene, options),
    '--cover-ratio': options.coverRatio,
    '--cover-fit': options.coverFit,
  } as CSSProperties;

  return (
    <article
      className={classes.card}
      style={style}
      data-testid="scene-card"
      data-scene-id={scene.id}
      data-unavailable={scene.is_available ? undefined : ''}
      aria-label={title}
    >
      <button
        type="button"
        className={classes.cover}
        tabIndex={-1}
        aria-label={t('sceneCard.openDetails', { title })}
        onClick={() => open(scene.id)}
      >
        <SceneCover
          sources={sceneCoverSources(scene, COVER_SIZE)}
          preview={scene.has_preview ? scene.scene_id : null}
        />
      </button>
      <div className={classes.body}>
        <div className={classes.metaRow}>
          <span className={classes.site}>{scene.site}</span>
          <span className={classes.date}>
            {date}
            {options.duration && scene.duration > 0 && (
              <span data-testid="scene-duration">
                {date !== '' && ' · '}
                {t('sceneCard.duration', { count: scene.duration })}
              </span>
            )}
          </span>
        </div>
        <button type="button" className={classes.title} onClick={() => open(scene.id)} title={title}>
          {title}
        </button>
        <div className={classes.cast} title={cast}>
          {cast === '' ? ' ' : cast}
        </div>
        <div className={classes.actions}>
          <StarRating value={scene.star_rating} onChange={onRate} size="xs" />
          <SceneFlagButtons scene={scene} options={options} />
        </div>
        <SceneHeatmaps files={heatmapFiles(scene, options)} />
      </div>
    </article>
  );
}

/** Same scene object and options: nothing to redraw (a scene changes identity whenever it changes). */
const sameCard = (before: SceneCardProps, after: SceneCardProps): boolean =>
  before.scene === after.scene && before.options === after.options;

/** A scene tile of the list: cover, site, date, title, cast, rating, flags, indicators and heatmaps. */
export const SceneCard = memo(SceneCardView, sameCard);
