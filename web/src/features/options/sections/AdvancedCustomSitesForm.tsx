import { Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { CUSTOM_SITE_NAME_MAX, CUSTOM_SITE_URL_MAX, MAX_URL_LENGTH } from '@fovea/contract';
import type { CustomSite } from '@fovea/contract';
import { IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveCustomSite } from '../../../api/queries/custom-sites';
import { useSiteList } from '../../../api/queries/scrapers';
import { notifyDanger, notifySuccess } from '../../../components/notify';
import {
  canSaveCustomSite,
  customSiteBody,
  customSiteUrlAccepted,
  draftFromCustomSite,
  emptyCustomSiteDraft,
} from './custom-site-form';
import type { CustomSiteDraft } from './custom-site-form';

interface AdvancedCustomSitesFormProps {
  /** The site being edited, or null for a new one. */
  editing: CustomSite | null;
  /** Called after a save, and by Cancel while editing. */
  onDone: () => void;
}

/**
 * The Create Custom Site form (options-spec §2, §5): studio URL on an allowed aggregator, name, company
 * (defaults to the name), optional avatar and main site. While editing, the URL (which names the site) is fixed.
 */
export function AdvancedCustomSitesForm({ editing, onDone }: AdvancedCustomSitesFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<CustomSiteDraft>(() =>
    editing === null ? emptyCustomSiteDraft() : draftFromCustomSite(editing),
  );
  const save = useSaveCustomSite();
  const sites = useSiteList();
  const set = (key: keyof CustomSiteDraft) => (value: string) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const mainSites = useMemo(
    () =>
      (sites.data ?? [])
        .filter((site) => site.master_site_id === '' && site.id !== editing?.id)
        .map((site) => ({ value: site.id, label: site.name })),
    [sites.data, editing?.id],
  );
  const urlError =
    draft.url.trim() !== '' && !customSiteUrlAccepted(draft.url)
      ? t('options.customSites.urlInvalid')
      : undefined;

  const submit = () => {
    const body = customSiteBody(draft);
    save.mutate(body, {
      onSuccess: (site) => {
        notifySuccess(
          t(editing === null ? 'options.customSites.created' : 'options.customSites.saved', {
            name: site.name,
          }),
        );
        setDraft(emptyCustomSiteDraft());
        onDone();
      },
      onError: (error) => notifyDanger(t('errors.errorMessage', { message: error.message })),
    });
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid="custom-site-form">
      <Stack gap="sm">
        <Text size="sm" fw={500}>
          {editing === null
            ? t('options.customSites.newTitle')
            : t('options.customSites.editTitle', { name: editing.name })}
        </Text>
        <TextInput
          label={t('options.customSites.url')}
          description={t('options.customSites.urlDescription')}
          placeholder="https://"
          value={draft.url}
          maxLength={CUSTOM_SITE_URL_MAX}
          readOnly={editing !== null}
          required
          error={urlError}
          onChange={(event) => set('url')(event.currentTarget.value)}
        />
        <TextInput
          label={t('options.customSites.name')}
          value={draft.name}
          maxLength={CUSTOM_SITE_NAME_MAX}
          required
          onChange={(event) => set('name')(event.currentTarget.value)}
        />
        <TextInput
          label={t('options.customSites.company')}
          description={t('options.customSites.companyDescription')}
          placeholder={draft.name.trim()}
          value={draft.company}
          maxLength={CUSTOM_SITE_NAME_MAX}
          onChange={(event) => set('company')(event.currentTarget.value)}
        />
        <TextInput
          label={t('options.customSites.avatar')}
          description={t('options.customSites.avatarDescription')}
          placeholder="https://"
          value={draft.avatar}
          maxLength={MAX_URL_LENGTH}
          onChange={(event) => set('avatar')(event.currentTarget.value)}
        />
        <Select
          label={t('options.customSites.masterSite')}
          description={t('options.customSites.masterSiteDescription')}
          placeholder={t('options.customSites.noMasterSite')}
          data={mainSites}
          value={draft.masterSiteId === '' ? null : draft.masterSiteId}
          searchable
          clearable
          nothingFoundMessage={t('options.customSites.noMatchingSite')}
          onChange={(value) => set('masterSiteId')(value ?? '')}
        />
        <Group justify="flex-end" gap="sm">
          {editing !== null && (
            <Button variant="default" onClick={onDone}>
              {t('common.cancel')}
            </Button>
          )}
          <Button
            leftSection={editing === null ? <IconPlus size={16} /> : <IconDeviceFloppy size={16} />}
            disabled={!canSaveCustomSite(draft)}
            loading={save.isPending}
            onClick={submit}
          >
            {editing === null ? t('options.customSites.create') : t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
