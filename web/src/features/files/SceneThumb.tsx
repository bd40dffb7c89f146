import { Box, Image } from '@mantine/core';
import { useState } from 'react';
import { sceneCoverSources, type SceneCoverSource } from '../../components/scene-cover-src';

const WIDTH = 80;
const HEIGHT = 45;

/**
 * A small picture of a scene: its cover at 120 px wide, else (or when the cover fails) a frame of its video;
 * blank when it has neither.
 */
export function SceneThumb({ scene }: { scene: SceneCoverSource }) {
  const [failed, setFailed] = useState<readonly string[]>([]);
  const src = sceneCoverSources(scene, '120x').find((source) => !failed.includes(source)) ?? '';
  if (src === '') {
    return <Box w={WIDTH} h={HEIGHT} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 4 }} />;
  }
  return (
    <Image
      src={src}
      alt=""
      w={WIDTH}
      h={HEIGHT}
      fit="cover"
      radius={4}
      loading="lazy"
      onError={() => setFailed((list) => [...list, src])}
    />
  );
}
