import { SimpleGrid } from '@mantine/core';
import { findOptionsSection } from '../options-sections';
import { CreateSceneCustom } from './CreateSceneCustom';
import { CreateSceneScrapeByUrl } from './CreateSceneScrapeByUrl';
import { SectionFrame } from './SectionFrame';

/** Create/Import scene: scrape one scene by its URL, or create a custom scene (JAV and TPDB imports come later). */
export function CreateSceneSection() {
  return (
    <SectionFrame section={findOptionsSection('create-scene')}>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <CreateSceneScrapeByUrl />
        <CreateSceneCustom />
      </SimpleGrid>
    </SectionFrame>
  );
}
