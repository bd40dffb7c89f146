import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { proxiedImage } from '../../../components/proxied-image';
import classes from './scene-cards.module.css';

export const COVER_SIZE = '700x';

/** The cover through the image proxy, lazily loaded; a missing or failed image leaves a blank placeholder. */
export function SceneCover({ url }: { url: string }) {
  const { t } = useTranslation();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (url === '' || failedUrl === url) {
    return (
      <span className={classes.coverBlank} data-testid="scene-cover-blank" title={t('sceneCard.noCover')}>
        <IconPhoto size={32} stroke={1.2} aria-hidden />
      </span>
    );
  }
  return (
    <img
      className={classes.coverImage}
      src={proxiedImage(url, COVER_SIZE)}
      alt=""
      loading="lazy"
      decoding="async"
      draggable={false}
      onError={() => setFailedUrl(url)}
    />
  );
}
