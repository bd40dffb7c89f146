import type { SceneFiltersResponse } from '@fovea/contract';
import {
  Autocomplete,
  Checkbox,
  NumberInput,
  SimpleGrid,
  Stack,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSceneFilterOptions } from '../../api/queries/scene-list';
import { hasNameIgnoringCase, uniqueNames } from './scene-edit-form';
import type { SceneEditForm, SceneEditProblems } from './scene-edit-form';

interface SceneEditInformationProps {
  form: SceneEditForm;
  problems: SceneEditProblems;
  onChange: (patch: Partial<SceneEditForm>) => void;
}

const isDuplicate = (value: string, current: string[]) => hasNameIgnoringCase(current, value);
/** Suggestions shown at once in the cast and tag dropdowns (the lists can hold thousands of names). */
const SUGGESTION_LIMIT = 50;

/** The names the site, cast and tag fields suggest, without aka and tag-group entries (their own calls manage those). */
function suggestions(data: SceneFiltersResponse | undefined) {
  return {
    sites: data?.sites ?? [],
    cast: (data?.cast ?? []).filter((name) => !name.toLowerCase().startsWith('aka:')),
    tags: (data?.tags ?? []).filter((name) => !name.toLowerCase().startsWith('tag group:')),
  };
}

/** The Information tab: title, site, studio, release date, duration, synopsis, URLs, cast, tags, multipart. */
export function SceneEditInformation({ form, problems, onChange }: SceneEditInformationProps) {
  const { t } = useTranslation();
  const filters = useSceneFilterOptions();
  const names = useMemo(() => suggestions(filters.data), [filters.data]);
  const [duplicate, setDuplicate] = useState<{ field: 'cast' | 'tags'; name: string } | null>(null);
  const duplicateError = (field: 'cast' | 'tags') =>
    duplicate?.field === field ? t('sceneEdit.duplicateName', { name: duplicate.name }) : undefined;

  return (
    <Stack gap="sm">
      <TextInput
        label={t('sceneEdit.sceneTitle')}
        required
        data-autofocus
        value={form.title}
        error={problems.title && t(problems.title)}
        onChange={(event) => onChange({ title: event.currentTarget.value })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Autocomplete
          label={t('sceneEdit.site')}
          data={names.sites}
          limit={SUGGESTION_LIMIT}
          value={form.site}
          onChange={(site) => onChange({ site })}
        />
        <TextInput
          label={t('sceneEdit.studio')}
          value={form.studio}
          onChange={(event) => onChange({ studio: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label={t('sceneEdit.releaseDate')}
          value={form.releaseDate}
          error={problems.releaseDate && t(problems.releaseDate)}
          onChange={(event) => onChange({ releaseDate: event.currentTarget.value })}
        />
        <NumberInput
          label={t('sceneEdit.duration')}
          description={t('sceneEdit.durationHint')}
          min={0}
          max={999_999}
          allowDecimal={false}
          allowNegative={false}
          value={form.duration}
          error={problems.duration && t(problems.duration)}
          onChange={(value) => onChange({ duration: String(value) })}
        />
      </SimpleGrid>
      <Textarea
        label={t('sceneEdit.synopsis')}
        minRows={4}
        rows={4}
        resize="vertical"
        value={form.synopsis}
        onChange={(event) => onChange({ synopsis: event.currentTarget.value })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('sceneEdit.sceneUrl')}
          value={form.sceneUrl}
          onChange={(event) => onChange({ sceneUrl: event.currentTarget.value })}
        />
        <TextInput
          label={t('sceneEdit.membersUrl')}
          value={form.membersUrl}
          onChange={(event) => onChange({ membersUrl: event.currentTarget.value })}
        />
      </SimpleGrid>
      <TagsInput
        label={t('sceneEdit.cast')}
        description={t('sceneEdit.newNamesHint')}
        data={names.cast}
        limit={SUGGESTION_LIMIT}
        value={form.cast}
        isDuplicate={isDuplicate}
        onDuplicate={(name) => setDuplicate({ field: 'cast', name })}
        error={duplicateError('cast')}
        onChange={(cast) => {
          setDuplicate(null);
          onChange({ cast: uniqueNames(cast) });
        }}
        clearable
        data-testid="scene-edit-cast"
      />
      <TagsInput
        label={t('sceneEdit.tags')}
        description={t('sceneEdit.newNamesHint')}
        data={names.tags}
        limit={SUGGESTION_LIMIT}
        value={form.tags}
        isDuplicate={isDuplicate}
        onDuplicate={(name) => setDuplicate({ field: 'tags', name })}
        error={duplicateError('tags')}
        onChange={(tags) => {
          setDuplicate(null);
          onChange({ tags: uniqueNames(tags.map((tag) => tag.toLowerCase())) });
        }}
        clearable
        data-testid="scene-edit-tags"
      />
      <Checkbox
        label={t('sceneEdit.isMultipart')}
        checked={form.isMultipart}
        onChange={(event) => onChange({ isMultipart: event.currentTarget.checked })}
      />
    </Stack>
  );
}
