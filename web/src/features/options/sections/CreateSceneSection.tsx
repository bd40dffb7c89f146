import { SimpleGrid } from '@mantine/core';
import { findOptionsSection } from '../options-sections';
import { CreateSceneCustom } from './CreateSceneCustom';
import { CreateSceneJav } from './CreateSceneJav';
import { CreateSceneScrapeByUrl } from './CreateSceneScrapeByUrl';
import { CreateSceneTpdb } from './CreateSceneTpdb';
import { SectionFrame } from './SectionFrame';

/**
 * Create/Import scene: import JAV scenes by id, import a ThePornDB scene, scrape one scene by its URL, or create a
 * custom scene.
 */
export function CreateSceneSection() {
  return (
    <SectionFrame section={findOptionsSection('create-scene')}>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <CreateSceneJav />
        <CreateSceneTpdb />
        <CreateSceneScrapeByUrl />
        <CreateSceneCustom />
      </SimpleGrid>
    </SectionFrame>
  );
}
