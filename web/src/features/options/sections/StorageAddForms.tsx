import { Button, Group, Paper, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import type { StorageAddBody } from '@fovea/contract';
import { IconCloudPlus, IconFolderPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddStorage } from '../../../api/queries/storage';
import { notifySuccess } from '../../../components/notify';
import { storageErrorMessage } from './storage-errors';

interface AddFormProps {
  /** Called after the location was added (the panel closes). */
  onDone: () => void;
  onCancel: () => void;
}

/** Sends POST /api/options/storage; the server's refusal is kept to show under the field. */
function useAddWithError(onDone: () => void, addedText: string) {
  const { t } = useTranslation();
  const add = useAddStorage();
  const submit = (body: StorageAddBody) =>
    add.mutate(body, {
      onSuccess: () => {
        notifySuccess(addedText);
        onDone();
      },
    });
  const error = add.error ? storageErrorMessage(add.error, t) : null;
  return { submit, error, pending: add.isPending, clearError: () => add.reset() };
}

/** Add local folder: an absolute path on the server; 400/409 answers appear under the field. */
export function StorageAddLocalForm({ onDone, onCancel }: AddFormProps) {
  const { t } = useTranslation();
  const [path, setPath] = useState('');
  const { submit, error, pending, clearError } = useAddWithError(onDone, t('options.storage.local.added'));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (path.trim() !== '') submit({ type: 'local', path: path.trim() });
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={onSubmit} data-testid="storage-add-local">
      <Stack gap="md">
        <TextInput
          label={t('options.storage.local.path')}
          description={t('options.storage.local.pathDescription')}
          placeholder={t('options.storage.local.placeholder')}
          value={path}
          onChange={(event) => {
            setPath(event.currentTarget.value);
            if (error !== null) clearError();
          }}
          error={error}
          autoFocus
          autoComplete="off"
          spellCheck={false}
          maw={640}
        />
        <Group gap="sm">
          <Button
            type="submit"
            leftSection={<IconFolderPlus size={16} />}
            loading={pending}
            disabled={path.trim() === ''}
          >
            {t('options.storage.local.add')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Add cloud storage: put.io only; Add is enabled once a service is chosen and a token entered. */
export function StorageAddCloudForm({ onDone, onCancel }: AddFormProps) {
  const { t } = useTranslation();
  const [service, setService] = useState<string | null>(null);
  const [token, setToken] = useState('');
  const { submit, error, pending, clearError } = useAddWithError(onDone, t('options.storage.cloud.added'));
  const ready = service === 'putio' && token.trim() !== '';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) submit({ type: 'putio', token: token.trim() });
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={onSubmit} data-testid="storage-add-cloud">
      <Stack gap="md">
        <Select
          label={t('options.storage.cloud.service')}
          placeholder={t('options.storage.cloud.servicePlaceholder')}
          data={[{ value: 'putio', label: t('options.storage.cloud.putio') }]}
          value={service}
          onChange={setService}
          maw={320}
        />
        <PasswordInput
          label={t('options.storage.cloud.token')}
          description={t('options.storage.cloud.tokenDescription')}
          value={token}
          onChange={(event) => {
            setToken(event.currentTarget.value);
            if (error !== null) clearError();
          }}
          error={error}
          autoComplete="off"
          maw={640}
        />
        <Group gap="sm">
          <Button type="submit" leftSection={<IconCloudPlus size={16} />} loading={pending} disabled={!ready}>
            {t('options.storage.cloud.add')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
