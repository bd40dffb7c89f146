import { Menu } from '@mantine/core';
import type { SiteWithHealth } from '@fovea/contract';
import { IconPlayerPlay, IconRefreshAlert, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AlternateSiteDialogs,
  AlternateSiteMenuItems,
  type AlternateSiteAction,
} from '../../alternate-sites/AlternateSiteRowActions';
import { ActorScrapeSiteMenuItem } from './ActorScrapeSiteMenuItem';
import classes from './scrapers-table.module.css';

export type RowAction = 'scrape' | 'forceUpdate' | 'deleteScenes';

interface ScrapersRowMenuProps {
  site: SiteWithHealth;
  /** A scrape runs: Scrape now waits. */
  scrapeBusy: boolean;
  onAction: (site: SiteWithHealth, action: RowAction) => void;
}

/**
 * A row's action menu. The menu itself is built only once opened, so that 400 rows cost 400 plain buttons,
 * not 400 menus.
 */
export function ScrapersRowMenu({ site, scrapeBusy, onAction }: ScrapersRowMenuProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [alternate, setAlternate] = useState<AlternateSiteAction | null>(null);
  const label = t('options.scrapers.actionsFor', { name: site.name });
  const dialogs = <AlternateSiteDialogs site={site} action={alternate} onClose={() => setAlternate(null)} />;
  const button = (
    <button type="button" className={classes.iconButton} aria-label={label} onClick={() => setOpened(true)}>
      <span className={classes.dots} aria-hidden />
    </button>
  );
  if (!opened)
    return alternate === null ? (
      button
    ) : (
      <>
        {button}
        {dialogs}
      </>
    );
  return (
    <>
      <Menu opened onChange={setOpened} position="bottom-end" shadow="md" withinPortal>
        <Menu.Target>{button}</Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconPlayerPlay size={16} />}
            disabled={scrapeBusy}
            onClick={() => onAction(site, 'scrape')}
          >
            {t('options.scrapers.scrapeNow')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconRefreshAlert size={16} />}
            onClick={() => onAction(site, 'forceUpdate')}
          >
            {t('options.scrapers.forceUpdate')}
          </Menu.Item>
          {site.master_site_id === '' && <ActorScrapeSiteMenuItem siteId={site.id} />}
          {site.master_site_id !== '' && <AlternateSiteMenuItems onPick={setAlternate} />}
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} />}
            disabled={site.scene_count === 0}
            onClick={() => onAction(site, 'deleteScenes')}
          >
            {t('options.scrapers.deleteScenes')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {dialogs}
    </>
  );
}
