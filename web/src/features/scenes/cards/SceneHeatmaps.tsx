import type { File } from '@fovea/contract';
import { useTranslation } from 'react-i18next';
import { heatmapUrl } from './scene-card-model';
import classes from './scene-cards.module.css';

/** The funscript heatmap strips of a card, one per script file given. */
export function SceneHeatmaps({ files }: { files: File[] }) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  return (
    <div className={classes.heatmaps}>
      {files.map((file) => {
        const text = t('sceneCard.heatmap', { name: file.filename });
        return (
          <img
            key={file.id}
            className={classes.heatmap}
            src={heatmapUrl(file.id)}
            alt={text}
            data-tip={text}
            loading="lazy"
            decoding="async"
            draggable={false}
            onError={(event) => {
              event.currentTarget.hidden = true;
            }}
          />
        );
      })}
    </div>
  );
}
