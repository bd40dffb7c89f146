import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import type { SiteMatchParams } from '@fovea/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  alternateSourceOf,
  useDeleteAlternateLinks,
  useMatchParams,
  useSaveMatchParams,
} from '../../api/queries/alternate-sites';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notifyDanger, notifySuccess } from '../../components/notify';
import { MatchParamsFields } from './MatchParamsFields';
import { dayOf, toMatchParams, type MatchParamsValues } from './match-params-form';

interface MatchParamsModalProps {
  site: { id: string; name: string };
  onClose: () => void;
}

const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

interface FormProps {
  siteId: string;
  initial: SiteMatchParams;
  onClose: () => void;
  /** After a save: the ignore date saved (null for none). */
  onSaved: (ignoreBefore: string | null) => void;
}

/** The form, once the parameters are loaded. */
function MatchParamsForm({ siteId, initial, onClose, onSaved }: FormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<MatchParamsValues>(initial);
  const save = useSaveMatchParams();
  const params = toMatchParams(values);

  const onSave = () => {
    if (params === null) return;
    save.mutate(
      { siteId, params },
      {
        onSuccess: () => {
          notifySuccess(t('common.saved'));
          onSaved(params.ignore_released_before);
        },
        onError: (error) => notifyDanger(t('errors.errorMessage', { message: error.message })),
      },
    );
  };

  return (
    <Stack gap="md">
      <MatchParamsFields
        values={values}
        onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
      />
      {params === null && (
        <Text size="sm" c="red" data-testid="match-params-invalid">
          {t('alternateSites.invalid')}
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={onSave} loading={save.isPending} disabled={params === null}>
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** After a save with an ignore date: the offer to delete the links of scenes released before it. */
function DeleteOlderLinks({ site, before, onClose }: MatchParamsModalProps & { before: string }) {
  const { t } = useTranslation();
  const deleteLinks = useDeleteAlternateLinks();
  return (
    <ConfirmDialog
      opened
      title={t('alternateSites.deleteOlder.title')}
      text={t('alternateSites.deleteOlder.text', { date: dayOf(before) })}
      subject={site.name}
      confirmLabel={t('alternateSites.deleteOlder.confirm')}
      danger
      busy={deleteLinks.isPending}
      onClose={onClose}
      onConfirm={() =>
        deleteLinks.mutate(
          { mode: 'keep_manual', source: alternateSourceOf(site.id), before },
          {
            onSuccess: () => {
              notifySuccess(t('alternateSites.linksDeleted'));
              onClose();
            },
            onError: (error) => notifyDanger(t('errors.errorMessage', { message: error.message })),
          },
        )
      }
    />
  );
}

/**
 * The match parameters of one alternate site (options-spec §2): how its scenes are linked to the master
 * site's. Closes with Escape when no field is being typed in, or with the close button.
 */
export function MatchParamsModal({ site, onClose }: MatchParamsModalProps) {
  const { t } = useTranslation();
  const query = useMatchParams(site.id);
  const [offerDelete, setOfferDelete] = useState<string | null>(null);
  useWindowEvent('keydown', (event) => {
    if (event.key !== 'Escape' || offerDelete !== null) return;
    const target = event.target instanceof HTMLElement ? event.target : null;
    if (!(target && (TYPING.has(target.tagName) || target.isContentEditable))) onClose();
  });
  if (offerDelete !== null) return <DeleteOlderLinks site={site} before={offerDelete} onClose={onClose} />;
  return (
    <Modal
      opened
      onClose={onClose}
      closeOnEscape={false}
      title={t('alternateSites.modalTitle', { name: site.name })}
      size="lg"
      radius="md"
    >
      {query.isPending && <Loader size="sm" />}
      {query.isError && (
        <Text size="sm" c="red">
          {t('errors.errorMessage', { message: query.error.message })}
        </Text>
      )}
      {query.data && (
        <MatchParamsForm
          siteId={site.id}
          initial={query.data}
          onClose={onClose}
          onSaved={(before) => (before === null ? onClose() : setOfferDelete(before))}
        />
      )}
    </Modal>
  );
}
