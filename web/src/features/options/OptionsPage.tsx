import { Grid, Paper } from '@mantine/core';
import type { ReactElement } from 'react';
import { useSearchParams } from 'react-router';
import { OptionsMenu } from './OptionsMenu';
import { SECTION_PARAM, parseOptionsSection } from './options-sections';
import type { OptionsSectionId } from './options-sections';
import { AdvancedSection } from './sections/AdvancedSection';
import { CacheSection } from './sections/CacheSection';
import { CreateSceneSection } from './sections/CreateSceneSection';
import { DataImportExportSection } from './sections/DataImportExportSection';
import { DlnaSection } from './sections/DlnaSection';
import { FunscriptsSection } from './sections/FunscriptsSection';
import { PlayersSection } from './sections/PlayersSection';
import { PreviewsSection } from './sections/PreviewsSection';
import { SchedulesSection } from './sections/SchedulesSection';
import { ScrapersSection } from './sections/ScrapersSection';
import { SecuritySection } from './sections/SecuritySection';
import { StorageSection } from './sections/StorageSection';
import { WebUiSection } from './sections/WebUiSection';

/** The screen of each section: every section of the menu has one. */
const SECTION_CONTENT: Record<OptionsSectionId, () => ReactElement> = {
  storage: () => <StorageSection />,
  previews: () => <PreviewsSection />,
  cache: () => <CacheSection />,
  schedules: () => <SchedulesSection />,
  security: () => <SecuritySection />,
  scrapers: () => <ScrapersSection />,
  'create-scene': () => <CreateSceneSection />,
  funscripts: () => <FunscriptsSection />,
  data: () => <DataImportExportSection />,
  players: () => <PlayersSection />,
  dlna: () => <DlnaSection />,
  web: () => <WebUiSection />,
  advanced: () => <AdvancedSection />,
};

function SectionContent({ id }: { id: OptionsSectionId }) {
  return SECTION_CONTENT[id]();
}

/** Options: a grouped menu on the left and one section at a time; the section is kept in ?section=. */
export default function OptionsPage() {
  const [params, setParams] = useSearchParams();
  const active = parseOptionsSection(params.get(SECTION_PARAM));
  const select = (section: OptionsSectionId) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(SECTION_PARAM, section);
      return next;
    });

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, sm: 4, md: 3, xl: 2 }}>
        <Paper withBorder p="xs" radius="md">
          <OptionsMenu active={active} onSelect={select} />
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8, md: 9, xl: 10 }} data-testid={`options-section-${active}`}>
        <SectionContent key={active} id={active} />
      </Grid.Col>
    </Grid>
  );
}
