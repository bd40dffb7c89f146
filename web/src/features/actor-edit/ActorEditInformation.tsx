import { Autocomplete, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useActorFilterOptions } from '../../api/queries/actor-filters';
import { useCountryList } from '../../api/queries/countries';
import { suggestedValues } from './actor-edit-form';
import type { SuggestedField } from './actor-edit-form';
import type { ActorEditFieldsProps } from './actor-edit-form';
import { ActorMeasuresFields } from './ActorMeasuresFields';
import { CountrySelect } from './CountrySelect';
import { WholeNumberInput } from './WholeNumberInput';

/** Gender values StashDB and the scrapers use. */
const GENDERS = ['Female', 'Male', 'Transgender Female', 'Transgender Male', 'Intersex', 'Non-Binary'];
const BREAST_TYPES = ['Natural', 'Augmented'];

/**
 * The Information tab: birth date, nationality, gender, ethnicity, hair and eye colour, height and weight (cm
 * and kg, or feet, inches and pounds with imperial entry), measurements, breast type, active years, biography.
 */
export function ActorEditInformation({
  form,
  errors,
  imperial,
  onChange,
}: ActorEditFieldsProps & { imperial: boolean }) {
  const { t } = useTranslation();
  const countries = useCountryList();
  const attributes = useActorFilterOptions().data?.attributes;
  const suggest = (field: SuggestedField, label: string, given: readonly string[] = []) => (
    <Autocomplete
      label={label}
      data={suggestedValues(field, attributes ?? [], given)}
      value={form[field]}
      error={errors[field]}
      onChange={(value) => onChange({ [field]: value })}
    />
  );

  return (
    <Stack gap="sm" data-testid="actor-edit-information">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          type="date"
          label={t('actorEdit.birthDate')}
          value={form.birthDate}
          error={errors.birthDate}
          onChange={(event) => onChange({ birthDate: event.currentTarget.value })}
          data-autofocus
        />
        <CountrySelect
          countries={countries.data ?? []}
          loading={countries.isPending}
          value={form.nationality}
          error={errors.nationality}
          onChange={(nationality) => onChange({ nationality })}
        />
        {suggest('gender', t('actorEdit.gender'), GENDERS)}
        {suggest('ethnicity', t('actorEdit.ethnicity'))}
        {suggest('hairColor', t('actorEdit.hairColor'))}
        {suggest('eyeColor', t('actorEdit.eyeColor'))}
      </SimpleGrid>
      <ActorMeasuresFields form={form} errors={errors} imperial={imperial} onChange={onChange} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {suggest('breastType', t('actorEdit.breastType'), BREAST_TYPES)}
        <WholeNumberInput
          label={t('actorEdit.startYear')}
          value={form.startYear}
          error={errors.startYear}
          onChange={(startYear) => onChange({ startYear })}
        />
        <WholeNumberInput
          label={t('actorEdit.endYear')}
          value={form.endYear}
          error={errors.endYear}
          onChange={(endYear) => onChange({ endYear })}
        />
      </SimpleGrid>
      <Textarea
        label={t('actorEdit.biography')}
        minRows={4}
        rows={4}
        resize="vertical"
        value={form.biography}
        error={errors.biography}
        onChange={(event) => onChange({ biography: event.currentTarget.value })}
      />
    </Stack>
  );
}
