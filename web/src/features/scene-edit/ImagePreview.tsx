import { Box } from '@mantine/core';
import { useState } from 'react';
import { proxiedImage } from '../../components/proxied-image';

/** A small preview of an image URL through the image proxy; blank when it does not load. */
export function ImagePreview({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <Box
      w={96}
      h={54}
      bg="var(--mantine-color-default-hover)"
      style={{ flex: 'none', borderRadius: 4, overflow: 'hidden' }}
    >
      {!failed && (
        <img
          src={proxiedImage(url, '120x')}
          alt=""
          loading="lazy"
          width={96}
          height={54}
          style={{ objectFit: 'cover', display: 'block', width: '100%', height: '100%' }}
          onError={() => setFailed(true)}
          data-testid="image-preview"
        />
      )}
    </Box>
  );
}
