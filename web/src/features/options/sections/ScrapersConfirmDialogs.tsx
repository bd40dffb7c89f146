import type { SiteWithHealth } from '@fovea/contract';
import { useTranslation } from 'react-i18next';
import { useDeleteSiteScenes, useForceSiteUpdate } from '../../../api/queries/scrapers';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notifyDanger, notifySuccess } from '../../../components/notify';

export interface PendingConfirm {
  action: 'forceUpdate' | 'deleteScenes';
  site: SiteWithHealth;
}

/** The questions before Force update and Delete scenes of a site; each ends with a toast. */
export function ScrapersConfirmDialogs({
  pending,
  onClose,
}: {
  pending: PendingConfirm | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const force = useForceSiteUpdate();
  const remove = useDeleteSiteScenes();
  const failed = (error: Error) => notifyDanger(t('errors.errorMessage', { message: error.message }));
  const site = pending?.site;
  const name = site?.name ?? '';

  return (
    <>
      <ConfirmDialog
        opened={pending?.action === 'forceUpdate'}
        title={t('options.scrapers.confirmForce.title')}
        text={t('options.scrapers.confirmForce.text', { name })}
        subject={name}
        confirmLabel={t('options.scrapers.forceUpdate')}
        busy={force.isPending}
        onClose={onClose}
        onConfirm={() => {
          if (site === undefined) return;
          force.mutate(site.id, {
            onSuccess: () => {
              notifySuccess(t('options.scrapers.forceDone', { name }));
              onClose();
            },
            onError: failed,
          });
        }}
      />
      <ConfirmDialog
        opened={pending?.action === 'deleteScenes'}
        title={t('options.scrapers.confirmDelete.title')}
        text={t('options.scrapers.confirmDelete.text', { count: site?.scene_count ?? 0, name })}
        subject={name}
        confirmLabel={t('options.scrapers.deleteScenes')}
        danger
        busy={remove.isPending}
        onClose={onClose}
        onConfirm={() => {
          if (site === undefined) return;
          remove.mutate(site.id, {
            onSuccess: () => {
              notifySuccess(t('options.scrapers.deleteDone', { count: site.scene_count, name }));
              onClose();
            },
            onError: failed,
          });
        }}
      />
    </>
  );
}
