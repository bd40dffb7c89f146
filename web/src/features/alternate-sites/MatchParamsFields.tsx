import { NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { MatchType } from '@fovea/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BOOST_STEP,
  MATCH_TYPES,
  MAX_BOOST,
  dayOf,
  ignoreDate,
  type MatchParamsValues,
} from './match-params-form';

type Key = keyof MatchParamsValues;
type MatchTypeKey = 'released_match_type' | 'duration_match_type' | 'cast_match_type' | 'desc_match_type';

interface MatchParamsFieldsProps {
  values: MatchParamsValues;
  onChange: (patch: Partial<MatchParamsValues>) => void;
}

/** The fields of the match-parameters dialog, grouped by criterion. */
export function MatchParamsFields({ values, onChange }: MatchParamsFieldsProps) {
  const { t } = useTranslation();
  const number = (key: Key, unit: 'days' | 'minutes' | 'boost') => (
    <NumberInput
      key={key}
      label={t(`alternateSites.params.${key}`)}
      description={unit === 'boost' ? undefined : t(`alternateSites.units.${unit}`)}
      value={values[key] as number | string}
      min={0}
      max={unit === 'boost' ? MAX_BOOST : undefined}
      step={unit === 'boost' ? BOOST_STEP : 1}
      decimalScale={unit === 'boost' ? 2 : 0}
      allowNegative={false}
      onChange={(value) => onChange({ [key]: value })}
    />
  );
  const matchType = (key: MatchTypeKey) => (
    <Select
      key={key}
      label={t(`alternateSites.params.${key}`)}
      required
      allowDeselect={false}
      data={MATCH_TYPES.map((type) => ({ value: type, label: t(`alternateSites.matchTypes.${type}`) }))}
      value={values[key]}
      onChange={(value) => {
        if (value !== null) onChange({ [key]: value as MatchType });
      }}
    />
  );
  const group = (title: string, children: ReactNode) => (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {children}
      </SimpleGrid>
    </Stack>
  );

  return (
    <Stack gap="md" data-testid="match-params-fields">
      {group(
        t('alternateSites.groups.linking'),
        <>
          {number('delay_linking', 'days')}
          {number('reprocess_links', 'days')}
          <TextInput
            type="date"
            label={t('alternateSites.params.ignore_released_before')}
            description={t('alternateSites.ignoreBeforeHint')}
            value={dayOf(values.ignore_released_before)}
            onChange={(event) => onChange({ ignore_released_before: ignoreDate(event.currentTarget.value) })}
          />
        </>,
      )}
      {group(
        t('alternateSites.groups.title'),
        <>
          {number('boost_title', 'boost')}
          {number('boost_title_any_words', 'boost')}
        </>,
      )}
      {group(
        t('alternateSites.groups.released'),
        <>
          {matchType('released_match_type')}
          {number('boost_released', 'boost')}
          {number('released_prior', 'days')}
          {number('released_after', 'days')}
        </>,
      )}
      {group(
        t('alternateSites.groups.duration'),
        <>
          {matchType('duration_match_type')}
          {number('duration_min', 'minutes')}
          {number('duration_range_less', 'minutes')}
          {number('duration_range_more', 'minutes')}
        </>,
      )}
      {group(
        t('alternateSites.groups.cast'),
        <>
          {matchType('cast_match_type')}
          {number('boost_cast', 'boost')}
        </>,
      )}
      {group(
        t('alternateSites.groups.description'),
        <>
          {matchType('desc_match_type')}
          {number('boost_description', 'boost')}
        </>,
      )}
    </Stack>
  );
}
