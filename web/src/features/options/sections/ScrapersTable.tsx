import { Checkbox } from '@mantine/core';
import type { SiteWithHealth } from '@fovea/contract';
import { useTranslation } from 'react-i18next';
import { ROW_SWITCHES, ScrapersRow } from './ScrapersRow';
import type { RowHandlers } from './ScrapersRow';
import classes from './scrapers-table.module.css';

interface ScrapersTableProps {
  sites: readonly SiteWithHealth[];
  running: ReadonlySet<string>;
  selected: ReadonlySet<string>;
  expanded: ReadonlySet<string>;
  scrapeBusy: boolean;
  handlers: RowHandlers;
  /** Selects (true) or clears (false) every site shown. */
  onSelectShown: (selected: boolean) => void;
}

const COLUMNS = 6 + ROW_SWITCHES.length;

/**
 * The sites of the Scrapers section. Rows are plain elements and memoised, so 400 sites mount quickly and a
 * toggle or a progress event redraws one row.
 */
export function ScrapersTable({
  sites,
  running,
  selected,
  expanded,
  scrapeBusy,
  handlers,
  onSelectShown,
}: ScrapersTableProps) {
  const { t } = useTranslation();
  const shownSelected = sites.filter((site) => selected.has(site.id)).length;
  return (
    <div className={classes.scroll}>
      <table
        className={classes.table}
        aria-label={t('options.scrapers.tableLabel')}
        data-testid="scrapers-table"
      >
        <thead>
          <tr>
            <th className={classes.narrow}>
              <Checkbox
                size="xs"
                aria-label={t('options.scrapers.selectShown')}
                checked={sites.length > 0 && shownSelected === sites.length}
                indeterminate={shownSelected > 0 && shownSelected < sites.length}
                onChange={(event) => onSelectShown(event.currentTarget.checked)}
              />
            </th>
            <th>{t('options.scrapers.columns.name')}</th>
            <th className={classes.num}>{t('options.scrapers.columns.scenes')}</th>
            <th>{t('options.scrapers.columns.status')}</th>
            <th>{t('options.scrapers.columns.health')}</th>
            {ROW_SWITCHES.map((flag) => (
              <th key={flag}>{t(`options.scrapers.switches.${flag}`)}</th>
            ))}
            <th className={classes.narrow} aria-label={t('options.scrapers.columns.actions')} />
          </tr>
        </thead>
        <tbody>
          {sites.map((site) => (
            <ScrapersRow
              key={site.id}
              site={site}
              running={running.has(site.id)}
              selected={selected.has(site.id)}
              expanded={expanded.has(site.id)}
              scrapeBusy={scrapeBusy}
              handlers={handlers}
              columns={COLUMNS}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
