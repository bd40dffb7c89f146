import { Menu } from '@mantine/core';
import { IconAdjustments, IconLinkOff, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  alternateSourceOf,
  useDeleteAlternateLinks,
  useDeleteAlternateSource,
} from '../../api/queries/alternate-sites';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notifyDanger, notifySuccess } from '../../components/notify';
import { MatchParamsModal } from './MatchParamsModal';

/** What the Scrapers row menu of an alternate site offers besides the common actions. */
export type AlternateSiteAction = 'matchParams' | 'deleteSource' | 'deleteLinksAll' | 'deleteLinksKeepManual';

/** The row-menu entries of an alternate site (options-spec §2, Scrapers). */
export function AlternateSiteMenuItems({ onPick }: { onPick: (action: AlternateSiteAction) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Menu.Item leftSection={<IconAdjustments size={16} />} onClick={() => onPick('matchParams')}>
        {t('alternateSites.matchParams')}
      </Menu.Item>
      <Menu.Divider />
      <Menu.Item leftSection={<IconLinkOff size={16} />} onClick={() => onPick('deleteLinksKeepManual')}>
        {t('alternateSites.deleteLinksKeepManual')}
      </Menu.Item>
      <Menu.Item color="red" leftSection={<IconLinkOff size={16} />} onClick={() => onPick('deleteLinksAll')}>
        {t('alternateSites.deleteLinksAll')}
      </Menu.Item>
      <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onPick('deleteSource')}>
        {t('alternateSites.deleteSource')}
      </Menu.Item>
    </>
  );
}

interface AlternateSiteDialogsProps {
  site: { id: string; name: string };
  action: AlternateSiteAction | null;
  onClose: () => void;
}

/** The dialog of the chosen entry: the match parameters, or the question before a deletion. */
export function AlternateSiteDialogs({ site, action, onClose }: AlternateSiteDialogsProps) {
  const { t } = useTranslation();
  const links = useDeleteAlternateLinks();
  const source = useDeleteAlternateSource();
  if (action === null) return null;
  if (action === 'matchParams') return <MatchParamsModal site={site} onClose={onClose} />;
  const done = {
    onSuccess: () => {
      notifySuccess(
        t(action === 'deleteSource' ? 'alternateSites.sourceDeleted' : 'alternateSites.linksDeleted'),
      );
      onClose();
    },
    onError: (error: Error) => notifyDanger(t('errors.errorMessage', { message: error.message })),
  };
  const externalSource = alternateSourceOf(site.id);
  return (
    <ConfirmDialog
      opened
      title={t(`alternateSites.confirm.${action}.title`)}
      text={t(`alternateSites.confirm.${action}.text`)}
      subject={site.name}
      confirmLabel={t(`alternateSites.${action}`)}
      danger
      busy={links.isPending || source.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (action === 'deleteSource') source.mutate(externalSource, done);
        else
          links.mutate(
            { mode: action === 'deleteLinksAll' ? 'all' : 'keep_manual', source: externalSource },
            done,
          );
      }}
    />
  );
}
