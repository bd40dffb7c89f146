import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OptionsSectionInfo } from '../options-sections';

interface SectionFrameProps {
  section: OptionsSectionInfo;
  children?: ReactNode;
}

/** Title and one-line description of an options section, above its controls. */
export function SectionFrame({ section, children }: SectionFrameProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" component="section" aria-labelledby={`options-section-${section.id}`}>
      <div>
        <Title order={2} fz="h3" id={`options-section-${section.id}`}>
          {t(section.titleKey)}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t(section.descriptionKey)}
        </Text>
      </div>
      {children}
    </Stack>
  );
}
