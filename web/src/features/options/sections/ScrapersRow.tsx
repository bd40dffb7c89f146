import type { SiteToggleFlag, SiteWithHealth } from '@fovea/contract';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { proxiedImage } from '../../../components/proxied-image';
import { ScrapersHealthDetails } from './ScrapersHealthDetails';
import { ScrapersRowMenu } from './ScrapersRowMenu';
import type { RowAction } from './ScrapersRowMenu';
import { HEALTH_LABEL_KEY, canEnable, formatLastUpdate, siteHealth, splitSiteName } from './scrapers-health';
import classes from './scrapers-table.module.css';

/** The switches of a row, in column order (scrape_stash: the site's scenes are linked to StashDB). */
export const ROW_SWITCHES = [
  'is_enabled',
  'limit_scraping',
  'subscribed',
  'scrape_stash',
] as const satisfies SiteToggleFlag[];

export interface RowHandlers {
  onSelect: (id: string, selected: boolean) => void;
  onToggle: (site: SiteWithHealth, flag: SiteToggleFlag) => void;
  onExpand: (id: string) => void;
  onAction: (site: SiteWithHealth, action: RowAction) => void;
}

interface ScrapersRowProps {
  site: SiteWithHealth;
  running: boolean;
  selected: boolean;
  expanded: boolean;
  scrapeBusy: boolean;
  /** Stable across renders, so an unchanged row is not drawn again. */
  handlers: RowHandlers;
  columns: number;
}

function StatusText({ site, running }: { site: SiteWithHealth; running: boolean }) {
  const { t } = useTranslation();
  if (running) return <span className={classes.running}>{t('scrapers.scrapingNow')}</span>;
  const updated = formatLastUpdate(site.last_update);
  if (updated === null) return <span className={classes.never}>{t('scrapers.neverScraped')}</span>;
  return <span title={site.last_update}>{updated}</span>;
}

function SiteAvatar({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  if (url === '' || failed) return <span className={classes.avatar} aria-hidden />;
  return (
    <img
      className={classes.avatar}
      src={proxiedImage(url, 'x40')}
      alt=""
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}

function NameCell({ site }: { site: SiteWithHealth }) {
  const { t } = useTranslation();
  const { siteName, source } = splitSiteName(site.name);
  return (
    <div className={classes.nameCell}>
      <SiteAvatar url={site.avatar_url} />
      <div>
        <span className={classes.name} data-testid="scraper-name">
          {siteName}
          {source !== '' && <span className={classes.source}>{` (${source})`}</span>}
        </span>
        {site.definition_error !== '' && (
          <span className={classes.problem} data-testid="scraper-definition-error">
            {site.definition_error}
          </span>
        )}
        {site.disabled_reason !== '' && (
          <span className={classes.disabledReason} data-testid="scraper-disabled-reason">
            {t('options.scrapers.disabledReason', { reason: site.disabled_reason })}
          </span>
        )}
      </div>
    </div>
  );
}

function ScrapersRowBase({
  site,
  running,
  selected,
  expanded,
  scrapeBusy,
  handlers,
  columns,
}: ScrapersRowProps) {
  const { t } = useTranslation();
  const health = running ? 'running' : siteHealth(site);
  const healthLabel = t(HEALTH_LABEL_KEY[health]);
  const detailsId = `scraper-details-${site.id}`;
  return (
    <>
      <tr
        className={classes.row}
        data-selected={selected || undefined}
        data-testid={`scraper-row-${site.id}`}
      >
        <td>
          <input
            type="checkbox"
            className={classes.checkbox}
            aria-label={t('options.scrapers.select', { name: site.name })}
            checked={selected}
            onChange={(event) => handlers.onSelect(site.id, event.currentTarget.checked)}
          />
        </td>
        <td>
          <NameCell site={site} />
        </td>
        <td className={classes.num} data-testid="scraper-scene-count">
          {site.scene_count}
        </td>
        <td className={classes.nowrap} data-testid="scraper-status">
          <StatusText site={site} running={running} />
        </td>
        <td>
          <button
            type="button"
            className={classes.badge}
            data-health={health}
            data-testid="scraper-health"
            aria-expanded={expanded}
            aria-controls={expanded ? detailsId : undefined}
            aria-label={t('options.scrapers.healthFor', { name: site.name, health: healthLabel })}
            onClick={() => handlers.onExpand(site.id)}
          >
            {healthLabel}
          </button>
        </td>
        {ROW_SWITCHES.map((flag) => {
          const locked = flag === 'is_enabled' && !site.is_enabled && !canEnable(site);
          return (
            <td key={flag}>
              <input
                type="checkbox"
                role="switch"
                className={classes.switch}
                aria-label={t(`options.scrapers.switches.${flag}For`, { name: site.name })}
                title={locked ? t('options.scrapers.cannotEnable') : undefined}
                checked={site[flag]}
                disabled={locked}
                onChange={() => handlers.onToggle(site, flag)}
              />
            </td>
          );
        })}
        <td>
          <ScrapersRowMenu site={site} scrapeBusy={scrapeBusy} onAction={handlers.onAction} />
        </td>
      </tr>
      {expanded && (
        <tr>
          <td colSpan={columns} className={classes.detailsCell} id={detailsId}>
            <ScrapersHealthDetails site={site} />
          </td>
        </tr>
      )}
    </>
  );
}

/** One site: selection, avatar and name, scene count, status, health badge, switches and menu. */
export const ScrapersRow = memo(ScrapersRowBase);
