import { Button, Group, Paper, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import type { AdvancedOptions } from '@fovea/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EVERY_ALTERNATE_SOURCE,
  useDeleteAlternateLinks,
  useRelinkAlternateScenes,
} from '../../api/queries/alternate-sites';
import { useSaveAdvancedOptions } from '../../api/queries/options';
import { useSiteList } from '../../api/queries/scrapers';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notifyDanger, notifySuccess } from '../../components/notify';
import { MatchParamsModal } from './MatchParamsModal';
import { dayOf, ignoreDate } from './match-params-form';

const SWITCHES = [
  'useAltSrcInFileMatching',
  'linkScenesAfterSceneScraping',
  'useAltSrcInScriptFilters',
] as const;

export type AlternateSitesValues = Pick<AdvancedOptions, (typeof SWITCHES)[number] | 'ignoreReleasedBefore'>;

export function pickAlternateSitesValues(advanced: AdvancedOptions): AlternateSitesValues {
  return {
    useAltSrcInFileMatching: advanced.useAltSrcInFileMatching,
    linkScenesAfterSceneScraping: advanced.linkScenesAfterSceneScraping,
    useAltSrcInScriptFilters: advanced.useAltSrcInScriptFilters,
    ignoreReleasedBefore: advanced.ignoreReleasedBefore,
  };
}

type LinksDeletion = 'all' | 'keep_manual';

/** The alternate sites, each with its match parameters. */
function AlternateSiteList() {
  const { t } = useTranslation();
  const sites = useSiteList();
  const [open, setOpen] = useState<{ id: string; name: string } | null>(null);
  const alternates = (sites.data ?? []).filter((site) => site.master_site_id !== '');
  const masterName = (id: string) => sites.data?.find((site) => site.id === id)?.name ?? id;
  if (alternates.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('alternateSites.noSites')}
      </Text>
    );
  }
  return (
    <>
      <Table data-testid="alternate-site-list" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('alternateSites.site')}</Table.Th>
            <Table.Th>{t('alternateSites.master')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {alternates.map((site) => (
            <Table.Tr key={site.id}>
              <Table.Td>{site.name}</Table.Td>
              <Table.Td>{masterName(site.master_site_id)}</Table.Td>
              <Table.Td align="right">
                <Button
                  size="compact-sm"
                  variant="default"
                  aria-label={t('alternateSites.matchParamsFor', { name: site.name })}
                  onClick={() => setOpen({ id: site.id, name: site.name })}
                >
                  {t('alternateSites.matchParams')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {open !== null && <MatchParamsModal site={open} onClose={() => setOpen(null)} />}
    </>
  );
}

/**
 * Advanced → Alternate Sites (options-spec §2): the switches and the global ignore date (saved on their own,
 * PUT /api/options/interface/advanced), the relink task, the deletion of every alternate link, and the
 * alternate sites with their match parameters.
 */
export function AlternateSitesTab({ initial }: { initial: AlternateSitesValues }) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [deletion, setDeletion] = useState<LinksDeletion | null>(null);
  const save = useSaveAdvancedOptions();
  const relink = useRelinkAlternateScenes();
  const deleteLinks = useDeleteAlternateLinks();
  const failed = (error: Error) => notifyDanger(t('errors.errorMessage', { message: error.message }));
  const dirty = (Object.keys(values) as (keyof AlternateSitesValues)[]).some(
    (key) => values[key] !== initial[key],
  );

  return (
    <Stack gap="md" data-testid="alternate-sites-tab">
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          {SWITCHES.map((key) => (
            <Switch
              key={key}
              label={t(`alternateSites.options.${key}`)}
              aria-label={t(`alternateSites.options.${key}`)}
              description={t(`alternateSites.options.${key}Description`)}
              checked={values[key]}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setValues((current) => ({ ...current, [key]: checked }));
              }}
            />
          ))}
          <TextInput
            type="date"
            label={t('alternateSites.options.ignoreReleasedBefore')}
            description={t('alternateSites.options.ignoreReleasedBeforeDescription')}
            value={dayOf(values.ignoreReleasedBefore)}
            onChange={(event) => {
              const day = event.currentTarget.value;
              setValues((current) => ({ ...current, ignoreReleasedBefore: ignoreDate(day) }));
            }}
            maw={260}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" disabled={!dirty || save.isPending} onClick={() => setValues(initial)}>
              {t('common.reset')}
            </Button>
            <Button
              disabled={!dirty}
              loading={save.isPending}
              onClick={() =>
                save.mutate(values, { onSuccess: () => notifySuccess(t('common.saved')), onError: failed })
              }
            >
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Text size="sm">{t('alternateSites.relinkHint')}</Text>
          <Group gap="sm">
            <Button
              loading={relink.isPending}
              onClick={() =>
                relink.mutate(undefined, {
                  onSuccess: () => notifySuccess(t('alternateSites.relinkStarted')),
                  onError: failed,
                })
              }
            >
              {t('alternateSites.relink')}
            </Button>
            <Button variant="default" color="red" onClick={() => setDeletion('keep_manual')}>
              {t('alternateSites.deleteLinksKeepManual')}
            </Button>
            <Button variant="outline" color="red" onClick={() => setDeletion('all')}>
              {t('alternateSites.deleteLinksAll')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <AlternateSiteList />
      </Paper>
      <ConfirmDialog
        opened={deletion !== null}
        title={t(
          `alternateSites.confirm.${deletion === 'all' ? 'deleteLinksAll' : 'deleteLinksKeepManual'}.title`,
        )}
        text={t('alternateSites.confirm.everySite')}
        danger
        busy={deleteLinks.isPending}
        onClose={() => setDeletion(null)}
        onConfirm={() => {
          if (deletion === null) return;
          deleteLinks.mutate(
            { mode: deletion, source: EVERY_ALTERNATE_SOURCE },
            {
              onSuccess: () => {
                notifySuccess(t('alternateSites.linksDeleted'));
                setDeletion(null);
              },
              onError: failed,
            },
          );
        }}
      />
    </Stack>
  );
}
