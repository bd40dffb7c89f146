import { Checkbox, Table, Text } from '@mantine/core';
import type { SiteWithHealth } from '@fovea/contract';
import { useTranslation } from 'react-i18next';
import { ROW_SWITCHES, ScrapersRow } from './ScrapersRow';
import type { RowHandlers } from './ScrapersRow';

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

function HeaderCell({ label, align }: { label: string; align?: 'right' }) {
  return (
    <Table.Th>
      <Text fw={600} size="sm" ta={align} style={{ whiteSpace: 'nowrap' }}>
        {label}
      </Text>
    </Table.Th>
  );
}

/** The sites of the Scrapers section; rows are memoised, so a toggle or a progress event redraws one row. */
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
    <Table.ScrollContainer minWidth={900}>
      <Table
        highlightOnHover
        verticalSpacing="xs"
        aria-label={t('options.scrapers.tableLabel')}
        data-testid="scrapers-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('options.scrapers.selectShown')}
                checked={sites.length > 0 && shownSelected === sites.length}
                indeterminate={shownSelected > 0 && shownSelected < sites.length}
                onChange={(event) => onSelectShown(event.currentTarget.checked)}
              />
            </Table.Th>
            <HeaderCell label={t('options.scrapers.columns.name')} />
            <HeaderCell label={t('options.scrapers.columns.scenes')} align="right" />
            <HeaderCell label={t('options.scrapers.columns.status')} />
            <HeaderCell label={t('options.scrapers.columns.health')} />
            {ROW_SWITCHES.map((flag) => (
              <HeaderCell key={flag} label={t(`options.scrapers.switches.${flag}`)} />
            ))}
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
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
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
