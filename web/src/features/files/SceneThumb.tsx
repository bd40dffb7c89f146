import { Box, Image } from '@mantine/core';
import { useState } from 'react';

/** The image proxy path of a cover at 120 px wide (the "://" of the address becomes ":/"). */
export function thumbUrl(url: string): string {
  return `/img/120x/${url.replace('://', ':/')}`;
}

const WIDTH = 80;
const HEIGHT = 45;

/** A small cover; a missing or failed image leaves a blank placeholder. */
export function SceneThumb({ url }: { url: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (url === '' || failedUrl === url) {
    return <Box w={WIDTH} h={HEIGHT} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 4 }} />;
  }
  return (
    <Image
      src={thumbUrl(url)}
      alt=""
      w={WIDTH}
      h={HEIGHT}
      fit="cover"
      radius={4}
      loading="lazy"
      onError={() => setFailedUrl(url)}
    />
  );
}
