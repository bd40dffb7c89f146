import {
  ActionIcon,
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { API_KEY_NAME_MAX } from '@fovea/contract';
import type { ApiKeyCreated } from '@fovea/contract';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../api/client';
import { useCreateApiKey } from '../../../api/queries/auth';

/** The curl line that calls the API with a key (the header scripts use). */
export function curlExample(origin: string, secret: string): string {
  return `curl -H "X-Api-Key: ${secret}" ${origin}/api/library/summary`;
}

/** The new key's secret, shown this once, with a copy button and a curl example. */
function CreatedKey({ created }: { created: ApiKeyCreated }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="teal"
      radius="md"
      icon={<IconKey size={18} />}
      title={t('options.security.apiKeys.createdTitle', { name: created.key.name })}
      data-testid="api-key-created"
    >
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t('options.security.apiKeys.copyNow')}
        </Text>
        <TextInput
          readOnly
          value={created.secret}
          aria-label={t('options.security.apiKeys.secret')}
          data-testid="api-key-secret"
          ff="monospace"
          onFocus={(event) => event.currentTarget.select()}
          rightSection={
            <CopyButton value={created.secret} timeout={1500}>
              {({ copied, copy }) => (
                <Tooltip
                  label={copied ? t('options.security.apiKeys.copied') : t('options.security.apiKeys.copy')}
                >
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    onClick={copy}
                    aria-label={t('options.security.apiKeys.copy')}
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          }
        />
        <Text size="sm">{t('options.security.apiKeys.curlIntro')}</Text>
        <Code block data-testid="api-key-curl">
          {curlExample(window.location.origin, created.secret)}
        </Code>
      </Stack>
    </Alert>
  );
}

/** "Create API key" with a name; the answer's secret is kept only in this component's state. */
export function SecurityApiKeyCreate() {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return;
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (answer) => {
          setCreated(answer);
          setName('');
        },
      },
    );
  };
  return (
    <Stack gap="sm">
      <form onSubmit={submit} noValidate data-testid="api-key-create">
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('options.security.apiKeys.newName')}
            placeholder={t('options.security.apiKeys.newNamePlaceholder')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={API_KEY_NAME_MAX}
            style={{ flex: 1, maxWidth: 320 }}
          />
          <Button type="submit" disabled={name.trim() === ''} loading={create.isPending}>
            {t('options.security.apiKeys.create')}
          </Button>
        </Group>
      </form>
      {create.error && (
        <Text size="sm" c="red" role="alert">
          {create.error instanceof ApiRequestError && create.error.status === 0
            ? t('errors.network')
            : t('errors.errorMessage', { message: create.error.message })}
        </Text>
      )}
      {created && <CreatedKey created={created} />}
    </Stack>
  );
}
