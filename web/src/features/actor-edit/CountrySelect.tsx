import type { CountryEntry } from '@fovea/contract';
import { Group, Image, Select, Text } from '@mantine/core';
import type { ComboboxItem } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

interface CountrySelectProps {
  countries: readonly CountryEntry[];
  /** A country code or '' (none). */
  value: string;
  error?: string;
  loading?: boolean;
  onChange: (code: string) => void;
}

const Flag = ({ url }: { url: string }) => (
  <Image src={url} alt="" w={20} h={15} fit="cover" radius={2} style={{ flex: 'none' }} />
);

/**
 * Nationality: one country of the country list, searchable by name, each shown with its flag; 'No matching
 * country' when the typed text matches none. A stored code missing from the list is still shown (as its code).
 */
export function CountrySelect({ countries, value, error, loading, onChange }: CountrySelectProps) {
  const { t } = useTranslation();
  const flags = useMemo(() => new Map(countries.map((c) => [c.code, c.flag_url])), [countries]);
  const data = useMemo(() => {
    const items: ComboboxItem[] = countries.map((c) => ({ value: c.code, label: c.name }));
    if (value !== '' && !flags.has(value)) items.unshift({ value, label: value });
    return items;
  }, [countries, flags, value]);
  const flag = flags.get(value);

  return (
    <Select
      label={t('actorEdit.nationality')}
      placeholder={loading === true ? t('common.loading') : t('actorEdit.nationalityPlaceholder')}
      data={data}
      value={value === '' ? null : value}
      onChange={(code) => onChange(code ?? '')}
      searchable
      clearable
      nothingFoundMessage={t('errors.noMatchingCountry')}
      leftSection={flag !== undefined && flag !== '' ? <Flag url={flag} /> : undefined}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          {flags.get(option.value) ? <Flag url={flags.get(option.value) ?? ''} /> : null}
          <Text size="sm">{option.label}</Text>
        </Group>
      )}
      error={error}
      comboboxProps={{ withinPortal: true }}
      data-testid="actor-edit-nationality"
    />
  );
}
