import { Stack, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findOptionsSection } from '../options-sections';
import { useLiveDataTransferReports } from './data-transfer-live';
import { defaultBundleValues } from './data-transfer-options';
import type { BundleValues, TransferMode } from './data-transfer-options';
import { DataImportExportExport } from './DataImportExportExport';
import { DataImportExportImport } from './DataImportExportImport';
import { DataImportExportXbvr } from './DataImportExportXbvr';
import { SectionFrame } from './SectionFrame';

/**
 * Options → Data import/export: tabs Import and Export, each with its own switches (scene data, actor data,
 * settings), the bundle file or URL, progress and the last report; the Import tab also moves in from XBVR.
 */
export function DataImportExportSection() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TransferMode>('import');
  const [importValues, setImportValues] = useState(defaultBundleValues);
  const [exportValues, setExportValues] = useState(defaultBundleValues);
  const reports = useLiveDataTransferReports();
  const patch = (patchValues: Partial<BundleValues>) => (current: BundleValues) => ({
    ...current,
    ...patchValues,
  });
  return (
    <SectionFrame section={findOptionsSection('data')}>
      <Tabs
        value={tab}
        onChange={(value) => setTab(value === 'export' ? 'export' : 'import')}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="import">{t('options.sections.dataImportExport.tabs.import')}</Tabs.Tab>
          <Tabs.Tab value="export">{t('options.sections.dataImportExport.tabs.export')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="import" pt="md">
          <Stack gap="md">
            <DataImportExportImport
              values={importValues}
              onChange={(values) => setImportValues(patch(values))}
              report={reports?.restore ?? null}
            />
            <DataImportExportXbvr reports={reports} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="export" pt="md">
          <DataImportExportExport
            values={exportValues}
            onChange={(values) => setExportValues(patch(values))}
            report={reports?.backup ?? null}
          />
        </Tabs.Panel>
      </Tabs>
    </SectionFrame>
  );
}
