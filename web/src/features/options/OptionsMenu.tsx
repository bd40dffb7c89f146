import { NavLink, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OPTIONS_GROUPS } from './options-sections';
import type { OptionsSectionId } from './options-sections';

interface OptionsMenuProps {
  active: OptionsSectionId;
  onSelect: (section: OptionsSectionId) => void;
}

/** The left menu: three groups of sections. */
export function OptionsMenu({ active, onSelect }: OptionsMenuProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('options.menuLabel')}>
      <Stack gap="md">
        {OPTIONS_GROUPS.map((group) => (
          <div key={group.labelKey}>
            <Text
              size="xs"
              fw={700}
              tt="uppercase"
              c="dimmed"
              px="sm"
              mb={4}
              style={{ letterSpacing: '0.05em' }}
            >
              {t(group.labelKey)}
            </Text>
            {group.sections.map((section) => (
              <NavLink
                key={section.id}
                component="button"
                type="button"
                label={t(section.titleKey)}
                active={section.id === active}
                aria-current={section.id === active ? 'page' : undefined}
                onClick={() => onSelect(section.id)}
                variant="light"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
                data-testid={`options-menu-${section.id}`}
              />
            ))}
          </div>
        ))}
      </Stack>
    </nav>
  );
}
