import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addAllowedIp } from './dlna-values';
import type { AllowedIpError } from './dlna-values';

interface DlnaAllowedIpsProps {
  allowed: readonly string[];
  /** Addresses that asked the DLNA server lately (currentState.dlna.recentIp). */
  recent: readonly string[];
  onChange: (allowed: string[]) => void;
}

/**
 * The addresses allowed to use the DLNA server (none = every address), without duplicates, and the recent
 * clients, each of which can be added to the list.
 */
export function DlnaAllowedIps({ allowed, recent, onChange }: DlnaAllowedIpsProps) {
  const { t } = useTranslation();
  const [entry, setEntry] = useState('');
  const [error, setError] = useState<AllowedIpError | null>(null);

  const add = (value: string) => {
    const result = addAllowedIp(allowed, value);
    setError(result.error);
    if (result.error === null) {
      onChange(result.list);
      setEntry('');
    }
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid="dlna-allowed-ips">
      <Title order={3} fz="md">
        {t('options.dlna.allowedIp')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('options.dlna.allowedIpDescription')}
      </Text>
      <Stack gap="xs">
        {allowed.length === 0 ? (
          <Text size="sm" fs="italic" data-testid="dlna-allowed-empty">
            {t('options.dlna.allowedIpEmpty')}
          </Text>
        ) : (
          allowed.map((ip) => (
            <Group key={ip} gap="xs" data-testid="dlna-allowed-ip">
              <Text size="sm" ff="monospace" miw={160}>
                {ip}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                onClick={() => onChange(allowed.filter((other) => other !== ip))}
                aria-label={t('options.dlna.removeIp', { ip })}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
          ))
        )}
        <Group gap="xs" align="flex-start">
          <TextInput
            aria-label={t('options.dlna.newIp')}
            placeholder={t('options.dlna.newIpPlaceholder')}
            value={entry}
            error={error === null ? undefined : t(`options.dlna.ipErrors.${error}`)}
            onChange={(event) => {
              setEntry(event.currentTarget.value);
              setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add(entry);
              }
            }}
            w={240}
          />
          <Button variant="default" leftSection={<IconPlus size={14} />} onClick={() => add(entry)}>
            {t('options.dlna.addIp')}
          </Button>
        </Group>
      </Stack>
      <Title order={4} fz="sm" mt="lg">
        {t('options.dlna.recentIp')}
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        {t('options.dlna.recentIpDescription')}
      </Text>
      {recent.length === 0 ? (
        <Text size="sm" fs="italic" data-testid="dlna-recent-empty">
          {t('options.dlna.recentIpEmpty')}
        </Text>
      ) : (
        <Stack gap={4}>
          {recent.map((ip) => {
            const listed = allowed.includes(ip);
            return (
              <Group key={ip} gap="xs" data-testid="dlna-recent-ip">
                <Text size="sm" ff="monospace" miw={160}>
                  {ip}
                </Text>
                <Button
                  size="compact-xs"
                  variant="light"
                  leftSection={<IconPlus size={12} />}
                  disabled={listed}
                  onClick={() => add(ip)}
                  aria-label={t('options.dlna.addRecentIp', { ip })}
                >
                  {listed ? t('options.dlna.recentListed') : t('options.dlna.addIp')}
                </Button>
              </Group>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
