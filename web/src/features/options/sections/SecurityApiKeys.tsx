import { Button, Center, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { ApiKeyInfo } from '@fovea/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../api/client';
import { useApiKeys, useDeleteApiKey } from '../../../api/queries/auth';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notifyDanger, notifySuccess } from '../../../components/notify';
import { formatDateTime } from '../../files/file-format';
import { SecurityApiKeyCreate } from './SecurityApiKeyCreate';

function KeyTable({ keys, onRevoke }: { keys: ApiKeyInfo[]; onRevoke: (key: ApiKeyInfo) => void }) {
  const { t } = useTranslation();
  if (keys.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="api-keys-empty">
        {t('options.security.apiKeys.none')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped withTableBorder data-testid="api-keys-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('options.security.apiKeys.name')}</Table.Th>
            <Table.Th>{t('options.security.apiKeys.created')}</Table.Th>
            <Table.Th>{t('options.security.apiKeys.lastUsed')}</Table.Th>
            <Table.Th aria-label={t('options.security.apiKeys.actions')} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => (
            <Table.Tr key={key.id} data-testid="api-key-row">
              <Table.Td>{key.name}</Table.Td>
              <Table.Td>{formatDateTime(key.createdAt)}</Table.Td>
              <Table.Td>
                {key.lastUsedAt === null
                  ? t('options.security.apiKeys.neverUsed')
                  : formatDateTime(key.lastUsedAt)}
              </Table.Td>
              <Table.Td ta="right">
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  onClick={() => onRevoke(key)}
                  aria-label={t('options.security.apiKeys.revokeNamed', { name: key.name })}
                >
                  {t('options.security.apiKeys.revoke')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** API keys for scripts (used only while a login is set): the list, revoking one, and creating one. */
export function SecurityApiKeys() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const revoke = useDeleteApiKey();
  const [revoking, setRevoking] = useState<ApiKeyInfo | null>(null);
  const confirmRevoke = () => {
    if (revoking === null) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => notifySuccess(t('options.security.apiKeys.revoked', { name: revoking.name })),
      onError: (error) =>
        notifyDanger(
          error instanceof ApiRequestError && error.status === 0
            ? t('errors.network')
            : t('errors.errorMessage', { message: error.message }),
        ),
      onSettled: () => setRevoking(null),
    });
  };
  return (
    <Stack gap="sm" data-testid="security-api-keys">
      <div>
        <Title order={3} fz="h4">
          {t('options.security.apiKeys.title')}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          {t('options.security.apiKeys.description')}
        </Text>
      </div>
      {keys.data ? (
        <KeyTable keys={keys.data} onRevoke={setRevoking} />
      ) : keys.error ? (
        <Text size="sm" c="red">
          {t('errors.errorMessage', { message: keys.error.message })}
        </Text>
      ) : (
        <Center py="sm">
          <Loader size="sm" />
        </Center>
      )}
      <SecurityApiKeyCreate />
      <ConfirmDialog
        opened={revoking !== null}
        title={t('options.security.apiKeys.revokeTitle')}
        text={t('options.security.apiKeys.revokeText')}
        subject={revoking?.name}
        confirmLabel={t('options.security.apiKeys.revoke')}
        danger
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      />
    </Stack>
  );
}
