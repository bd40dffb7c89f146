import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteCredentials } from '../../../api/queries/auth';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notifySuccess } from '../../../components/notify';
import { CredentialsError, CurrentPasswordInput } from './SecurityFields';

/** "Turn off login": the current password, then a confirmation. */
export function SecurityTurnOff() {
  const { t } = useTranslation();
  const remove = useDeleteCredentials();
  const [current, setCurrent] = useState('');
  const [confirming, setConfirming] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (current !== '') setConfirming(true);
  };
  const turnOff = () =>
    remove.mutate(
      { currentPassword: current },
      {
        onSuccess: () => notifySuccess(t('options.security.loginTurnedOff')),
        onSettled: () => setConfirming(false),
      },
    );
  return (
    <form onSubmit={submit} noValidate data-testid="security-turn-off">
      <Stack gap="sm" maw={420}>
        <Text fw={600} size="sm">
          {t('options.security.turnOff')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('options.security.turnOffHint')}
        </Text>
        <CurrentPasswordInput value={current} onChange={setCurrent} />
        <CredentialsError error={remove.error} />
        <Group>
          <Button type="submit" color="red" variant="light" disabled={current === ''}>
            {t('options.security.turnOff')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('options.security.turnOffConfirmTitle')}
        text={t('options.security.turnOffConfirmText')}
        confirmLabel={t('options.security.turnOff')}
        danger
        busy={remove.isPending}
        onConfirm={turnOff}
        onClose={() => setConfirming(false)}
      />
    </form>
  );
}
