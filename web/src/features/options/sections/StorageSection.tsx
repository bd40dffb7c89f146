import { Button, Group, Loader, Paper, Stack, Tooltip } from '@mantine/core';
import type { StorageResponse, StorageVolume } from '@fovea/contract';
import {
  IconAdjustments,
  IconCloudPlus,
  IconDatabaseOff,
  IconFolderPlus,
  IconRefresh,
} from '@tabler/icons-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRescan, useStorage } from '../../../api/queries/storage';
import { useLock } from '../../../app/realtime';
import { CancelJobButton } from '../../../components/CancelJobButton';
import { EmptyState } from '../../../components/EmptyState';
import { notifyDanger, notifySuccess } from '../../../components/notify';
import { findOptionsSection } from '../options-sections';
import { QueryGate } from './QueryGate';
import { SectionFrame } from './SectionFrame';
import { StorageAddCloudForm, StorageAddLocalForm } from './StorageAddForms';
import { StorageGoneAlerts } from './StorageGoneAlerts';
import { storageErrorMessage } from './storage-errors';
import { StorageOptionsForm } from './StorageOptionsForm';
import { StorageRemoveDialog } from './StorageRemoveDialog';
import { StorageTable } from './StorageTable';

type Panel = 'local' | 'cloud' | 'options';

interface PanelButtonProps {
  panel: Panel;
  open: Panel | null;
  icon: ReactNode;
  label: string;
  onToggle: (panel: Panel) => void;
}

function PanelButton({ panel, open, icon, label, onToggle }: PanelButtonProps) {
  const active = open === panel;
  return (
    <Button
      variant={active ? 'light' : 'default'}
      leftSection={icon}
      aria-expanded={active}
      onClick={() => onToggle(panel)}
    >
      {label}
    </Button>
  );
}

function StorageContent({ storage }: { storage: StorageResponse }) {
  const { t } = useTranslation();
  const [panel, setPanel] = useState<Panel | null>(null);
  const [removing, setRemoving] = useState<StorageVolume | null>(null);
  const lock = useLock('rescan');
  const rescan = useRescan();
  const busy = lock.pulsing || rescan.isPending;
  const toggle = (next: Panel) => setPanel((current) => (current === next ? null : next));
  const close = () => setPanel(null);

  const startRescan = (volume: StorageVolume | null) =>
    rescan.mutate(volume === null ? null : volume.id, {
      onSuccess: () => notifySuccess(t('options.storage.rescanStarted')),
      onError: (error) => notifyDanger(t('errors.errorMessage', { message: storageErrorMessage(error, t) })),
    });

  return (
    <Stack gap="md">
      <Group gap="sm">
        <Tooltip label={t('options.storage.rescanRunning')} disabled={!lock.pulsing}>
          <Button
            leftSection={busy ? <Loader size={14} color="currentColor" /> : <IconRefresh size={16} />}
            disabled={busy}
            onClick={() => startRescan(null)}
            data-testid="storage-rescan-all"
            data-busy={busy ? 'true' : 'false'}
          >
            {t('options.storage.rescanAll')}
          </Button>
        </Tooltip>
        <CancelJobButton task="rescan" variant="button" />
        <PanelButton
          panel="local"
          open={panel}
          icon={<IconFolderPlus size={16} />}
          label={t('options.storage.addLocal')}
          onToggle={toggle}
        />
        <PanelButton
          panel="cloud"
          open={panel}
          icon={<IconCloudPlus size={16} />}
          label={t('options.storage.addCloud')}
          onToggle={toggle}
        />
        <PanelButton
          panel="options"
          open={panel}
          icon={<IconAdjustments size={16} />}
          label={t('options.storage.options')}
          onToggle={toggle}
        />
      </Group>
      {panel === 'local' && <StorageAddLocalForm onDone={close} onCancel={close} />}
      {panel === 'cloud' && <StorageAddCloudForm onDone={close} onCancel={close} />}
      {panel === 'options' && (
        <StorageOptionsForm
          key={JSON.stringify([storage.match_ohash, storage.video_ext])}
          storage={storage}
        />
      )}
      <StorageGoneAlerts volumes={storage.volumes} />
      <Paper withBorder radius="md">
        {storage.volumes.length === 0 ? (
          <EmptyState
            testId="storage-empty"
            icon={<IconDatabaseOff size={28} stroke={1.5} />}
            title={t('options.storage.empty')}
            hint={t('options.storage.emptyHint')}
          />
        ) : (
          <StorageTable
            volumes={storage.volumes}
            rescanBusy={busy}
            onRescan={startRescan}
            onRemove={setRemoving}
          />
        )}
      </Paper>
      <StorageRemoveDialog volume={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}

/** Storage: the folders and put.io accounts holding the files, their rescan, and the storage options. */
export function StorageSection() {
  return (
    <SectionFrame section={findOptionsSection('storage')}>
      <QueryGate query={useStorage()} errorTestId="storage-load-error">
        {(data) => <StorageContent storage={data} />}
      </QueryGate>
    </SectionFrame>
  );
}
