import { IMPERIAL_FEET_MAX, IMPERIAL_INCHES_MAX } from '@fovea/contract';
import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formMeasures, measureProblems } from './actor-edit-form';
import type { ActorEditFieldsProps } from './actor-edit-form';
import { WholeNumberInput } from './WholeNumberInput';

/**
 * Height, weight and measurements. With imperial entry (the advanced option) height is feet (0-10) and inches
 * (0-12) and weight is pounds; each shows the cm / kg it will be saved as (2.54 cm per inch, 2.20462 lb per kg).
 * A height or weight outside the plausible range says so on its field as it is typed (the server refuses it).
 */
export function ActorMeasuresFields({
  form,
  errors: given,
  imperial,
  onChange,
}: ActorEditFieldsProps & { imperial: boolean }) {
  const { t } = useTranslation();
  const saved = formMeasures(form, true);
  const errors = { ...given };
  for (const [field, key] of Object.entries(measureProblems(form, imperial))) {
    errors[field as keyof typeof errors] ??= t(key);
  }
  // Imperial fields all carry a line under the label; the measurements field then has one too, so they line up.
  const measurements = (
    <TextInput
      label={t('actorEdit.measurements')}
      description={imperial ? t('actorEdit.measurementsHint') : undefined}
      placeholder="36C-24-36"
      value={form.measurements}
      error={errors.measurements}
      onChange={(event) => onChange({ measurements: event.currentTarget.value })}
    />
  );

  if (!imperial) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <WholeNumberInput
          label={t('actorEdit.heightCm')}
          value={form.height}
          error={errors.height}
          onChange={(height) => onChange({ height })}
        />
        <WholeNumberInput
          label={t('actorEdit.weightKg')}
          value={form.weight}
          error={errors.weight}
          onChange={(weight) => onChange({ weight })}
        />
        {measurements}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm">
      <WholeNumberInput
        label={t('actorEdit.feet')}
        description={t('actorEdit.feetHint', { max: IMPERIAL_FEET_MAX })}
        max={IMPERIAL_FEET_MAX}
        value={form.feet}
        error={errors.feet}
        onChange={(feet) => onChange({ feet })}
      />
      <WholeNumberInput
        label={t('actorEdit.inches')}
        description={t('actorEdit.asCm', { cm: saved.height })}
        max={IMPERIAL_INCHES_MAX}
        value={form.inches}
        error={errors.inches}
        onChange={(inches) => onChange({ inches })}
      />
      <WholeNumberInput
        label={t('actorEdit.pounds')}
        description={t('actorEdit.asKg', { kg: saved.weight })}
        value={form.lbs}
        error={errors.lbs}
        onChange={(lbs) => onChange({ lbs })}
      />
      {measurements}
    </SimpleGrid>
  );
}
