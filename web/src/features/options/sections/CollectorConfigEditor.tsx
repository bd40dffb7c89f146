import {
  Alert,
  Autocomplete,
  Button,
  Center,
  FileButton,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import { COLLECTOR_NAME_MAX_LENGTH } from '@fovea/contract';
import type { RouteBody } from '@fovea/contract';
import {
  IconAlertTriangle,
  IconDeviceFloppy,
  IconFileImport,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useCollectorConfigs,
  useDeleteCollectorConfig,
  useSaveCollectorConfig,
} from '../../../api/queries/scrapers';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notifyDanger, notifyImportError, notifySuccess } from '../../../components/notify';
import { CollectorConfigFields } from './CollectorConfigFields';
import {
  draftFromConfig,
  draftFromImport,
  draftToBody,
  emptyDraft,
  findCollectorConfig,
  newNameProblem,
} from './scrapers-collector-config';
import type { CollectorDraft } from './scrapers-collector-config';

/** A typed name may be as long as an existing key (those can be longer than a new name may be). */
const NAME_INPUT_MAX = 200;

/**
 * Advanced → Cookies/Headers: the per-domain headers, cookies and body the scrapers send (options-spec §4:
 * the fields appear once the typed name is an existing config or Add new is chosen).
 */
export function CollectorConfigEditor() {
  const { t } = useTranslation();
  const configs = useCollectorConfigs();
  const save = useSaveCollectorConfig();
  const remove = useDeleteCollectorConfig();
  const [name, setName] = useState('');
  const [draft, setDraft] = useState<CollectorDraft | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const list = useMemo(() => configs.data ?? [], [configs.data]);
  const existing = findCollectorConfig(list, name);
  const problem = existing === null ? newNameProblem(name) : null;
  const failed = (error: Error) => notifyDanger(t('errors.errorMessage', { message: error.message }));

  const typeName = (typed: string) => {
    setName(typed);
    const found = findCollectorConfig(list, typed);
    if (found !== null) setDraft(draftFromConfig(found));
    else setDraft((current) => (current !== null && current.domainKey === typed.trim() ? current : null));
  };

  const importFile = async (file: File | null) => {
    if (file === null) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text()) as unknown;
    } catch (error) {
      notifyImportError(
        t('errors.errorMessage', { message: error instanceof Error ? error.message : String(error) }),
      );
      return;
    }
    // Posted as it is (xbvr-wire §11.3); the server says whether it is a config.
    save.mutate(parsed as RouteBody<'saveCollectorConfig'>, {
      onSuccess: () => {
        const imported = draftFromImport(parsed);
        notifySuccess(t('options.collector.imported', { name: imported?.domainKey ?? file.name }));
        if (imported !== null) {
          setName(imported.domainKey);
          setDraft(imported);
        }
      },
      onError: () => notifyImportError(t('errors.importFileFailed')),
    });
  };

  if (configs.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title={t('common.loadFailed')}
      >
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void configs.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }
  if (configs.data === undefined) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }

  return (
    <Paper withBorder p="md" radius="md" data-testid="collector-config-editor">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('options.collector.hint')}
        </Text>
        <Group gap="sm" align="flex-end">
          <Autocomplete
            flex={1}
            label={t('options.collector.name')}
            placeholder={t('options.collector.namePlaceholder')}
            data={list.map((config) => config.domain_key)}
            value={name}
            maxLength={NAME_INPUT_MAX}
            error={
              problem === 'tooLong'
                ? t('options.collector.nameTooLong', { max: COLLECTOR_NAME_MAX_LENGTH })
                : undefined
            }
            onChange={typeName}
          />
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            disabled={existing !== null || problem !== null}
            onClick={() => setDraft(emptyDraft(name.trim()))}
          >
            {t('options.collector.addNew')}
          </Button>
          <FileButton onChange={(file) => void importFile(file)} accept="application/json,.json">
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconFileImport size={16} />}>
                {t('options.collector.import')}
              </Button>
            )}
          </FileButton>
        </Group>
        {draft !== null && (
          <>
            <Text size="sm" fw={500} data-testid="collector-editing">
              {t(existing === null ? 'options.collector.editingNew' : 'options.collector.editing', {
                name: draft.domainKey,
              })}
            </Text>
            <CollectorConfigFields draft={draft} listed={existing?.config ?? null} onChange={setDraft} />
            <Group justify="flex-end" gap="sm">
              {existing !== null && (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => setConfirmDelete(true)}
                >
                  {t('options.collector.delete')}
                </Button>
              )}
              <Button
                leftSection={<IconDeviceFloppy size={16} />}
                loading={save.isPending}
                onClick={() =>
                  save.mutate(draftToBody(draft), {
                    onSuccess: () => notifySuccess(t('options.collector.saved', { name: draft.domainKey })),
                    onError: failed,
                  })
                }
              >
                {t('common.save')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirmDelete}
        title={t('options.collector.confirmDelete')}
        text={t('options.collector.confirmDeleteText')}
        subject={existing?.domain_key}
        danger
        busy={remove.isPending}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => {
          if (existing === null) return;
          remove.mutate(existing.domain_key, {
            onSuccess: () => {
              notifySuccess(t('options.collector.deleted', { name: existing.domain_key }));
              setConfirmDelete(false);
              setName('');
              setDraft(null);
            },
            onError: failed,
          });
        }}
      />
    </Paper>
  );
}
