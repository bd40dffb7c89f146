import { NumberInput, Paper, SimpleGrid, Stack } from '@mantine/core';
import type { CacheOptions } from '@fovea/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveCacheOptions } from '../../../api/queries/options-cache';
import { findOptionsSection } from '../options-sections';
import { CacheFigures } from './CacheFigures';
import { CacheSearchIndex } from './CacheSearchIndex';
import { OptionsStateGate } from './OptionsStateGate';
import { SaveBar } from './SaveBar';
import { saveFeedback } from './save-feedback';
import { SectionFrame } from './SectionFrame';

/** The bounds of the options (contract CacheOptions). */
export const IMAGES_MAX_MB = { min: 50, max: 1_000_000 } as const;
export const SIZE_REFRESH_HOURS = { min: 1, max: 168 } as const;

const within = (value: number | string, bounds: { min: number; max: number }) =>
  typeof value === 'number' && Number.isInteger(value) && value >= bounds.min && value <= bounds.max;

function CacheSettings({ initial }: { initial: CacheOptions }) {
  const { t } = useTranslation();
  const save = useSaveCacheOptions();
  const [imagesMaxMb, setImagesMaxMb] = useState<number | string>(initial.imagesMaxMb);
  const [refreshHours, setRefreshHours] = useState<number | string>(initial.sizeRefreshHours);
  const limitValid = within(imagesMaxMb, IMAGES_MAX_MB);
  const hoursValid = within(refreshHours, SIZE_REFRESH_HOURS);
  const dirty = imagesMaxMb !== initial.imagesMaxMb || refreshHours !== initial.sizeRefreshHours;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={t('options.cache.imagesMaxMb')}
            description={t('options.cache.imagesMaxMbDescription')}
            min={IMAGES_MAX_MB.min}
            max={IMAGES_MAX_MB.max}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            value={imagesMaxMb}
            error={limitValid ? undefined : t('options.cache.imagesMaxMbInvalid', IMAGES_MAX_MB)}
            onChange={setImagesMaxMb}
          />
          <NumberInput
            label={t('options.cache.sizeRefreshHours')}
            description={t('options.cache.sizeRefreshHoursDescription')}
            min={SIZE_REFRESH_HOURS.min}
            max={SIZE_REFRESH_HOURS.max}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            value={refreshHours}
            error={hoursValid ? undefined : t('options.cache.sizeRefreshHoursInvalid', SIZE_REFRESH_HOURS)}
            onChange={setRefreshHours}
          />
        </SimpleGrid>
        <SaveBar
          dirty={dirty}
          invalid={!limitValid || !hoursValid}
          saving={save.isPending}
          onReset={() => {
            setImagesMaxMb(initial.imagesMaxMb);
            setRefreshHours(initial.sizeRefreshHours);
          }}
          onSave={() =>
            save.mutate(
              { imagesMaxMb: Number(imagesMaxMb), sizeRefreshHours: Number(refreshHours) },
              saveFeedback(t),
            )
          }
        />
      </Stack>
    </Paper>
  );
}

/**
 * Cache (options-spec §2): the sizes of the image, preview and search index caches with a reset for each, the
 * search index state with Reindex and Scene refresh, and the images cache limit (PUT /api/options/cache).
 */
export function CacheSection() {
  return (
    <SectionFrame section={findOptionsSection('cache')}>
      <OptionsStateGate>
        {(state) => (
          <Stack gap="md">
            <CacheFigures sizes={state.currentState.cacheSize} />
            <CacheSearchIndex />
            <CacheSettings key={JSON.stringify(state.config.cache)} initial={state.config.cache} />
          </Stack>
        )}
      </OptionsStateGate>
    </SectionFrame>
  );
}
