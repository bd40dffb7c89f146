import { Group, Input, RangeSlider, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorFilters } from '../actor-filter-model';
import {
  ACTOR_RANGE_NAMES,
  isOpenRange,
  sliderRange,
  sliderValue,
  withSliderValue,
} from './actor-range-model';
import type { ActorRangeName } from './actor-range-model';

interface RangeFilterProps {
  name: ActorRangeName;
  filters: ActorFilters;
  onChange: (next: ActorFilters) => void;
}

/** Decimals a slider value shows: 2 for the scene rating (quarter steps), 1 for the rating, else none. */
const formatValue = (value: number, step: number): string =>
  step >= 1 ? String(value) : value.toFixed(step === 0.5 ? 1 : 2);

/** One range slider; it follows the thumbs while dragging and commits when released (onChangeEnd). */
function RangeFilter({ name, filters, onChange }: RangeFilterProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<[number, number] | null>(null);
  const range = sliderRange(name);
  const value = draft ?? sliderValue(filters, name);
  const label = t(`actorFilters.range.${name}`);
  const open = draft === null && isOpenRange(filters, name);
  const shown = open
    ? t('actorFilters.range.any')
    : t('actorFilters.range.between', {
        min: formatValue(value[0], range.step),
        max: formatValue(value[1], range.step),
      });
  return (
    <Input.Wrapper size="xs" data-testid={`actor-range-${name}`}>
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Input.Label size="xs">{label}</Input.Label>
        <Text size="xs" c="dimmed" data-testid={`actor-range-${name}-value`}>
          {shown}
        </Text>
      </Group>
      <RangeSlider
        size="sm"
        mx={6}
        mb={4}
        min={range.min}
        max={range.max}
        step={range.step}
        minRange={0}
        value={value}
        label={(v) => formatValue(v, range.step)}
        thumbFromLabel={t('actorFilters.range.from', { name: label })}
        thumbToLabel={t('actorFilters.range.to', { name: label })}
        onChange={setDraft}
        onChangeEnd={(next) => {
          setDraft(null);
          onChange(withSliderValue(filters, name, next));
        }}
      />
    </Input.Wrapper>
  );
}

interface ActorRangeSlidersProps {
  filters: ActorFilters;
  onChange: (next: ActorFilters) => void;
}

/** Age, height, weight, scenes, available scenes, rating and average scene rating. */
export function ActorRangeSliders({ filters, onChange }: ActorRangeSlidersProps) {
  return (
    <>
      {ACTOR_RANGE_NAMES.map((name) => (
        <RangeFilter key={name} name={name} filters={filters} onChange={onChange} />
      ))}
    </>
  );
}
