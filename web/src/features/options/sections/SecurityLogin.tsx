import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '@fovea/contract';
import type { AuthStatusResponse } from '@fovea/contract';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetCredentials } from '../../../api/queries/auth';
import { notifySuccess } from '../../../components/notify';
import { newPasswordError } from './security-errors';
import { CredentialsError, CurrentPasswordInput } from './SecurityFields';
import { SecurityTurnOff } from './SecurityTurnOff';

interface NewPasswordFieldsProps {
  password: string;
  repeat: string;
  onPassword: (value: string) => void;
  onRepeat: (value: string) => void;
  labelKey: 'options.security.password' | 'options.security.newPassword';
}

function NewPasswordFields({ password, repeat, onPassword, onRepeat, labelKey }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const problems = newPasswordError(t, password, repeat, PASSWORD_MIN);
  return (
    <>
      <PasswordInput
        label={t(labelKey)}
        description={t('options.security.passwordHint', { min: PASSWORD_MIN })}
        value={password}
        onChange={(event) => onPassword(event.currentTarget.value)}
        error={problems.password}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        required
      />
      <PasswordInput
        label={t('options.security.repeatPassword')}
        value={repeat}
        onChange={(event) => onRepeat(event.currentTarget.value)}
        error={problems.repeat}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        required
      />
    </>
  );
}

const isGoodPassword = (password: string, repeat: string) =>
  password.length >= PASSWORD_MIN && password === repeat;

/** No login yet: username, password twice, "Set login". */
function SetLoginForm() {
  const { t } = useTranslation();
  const save = useSetCredentials();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const ready = username.trim() !== '' && isGoodPassword(password, repeat);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    save.mutate(
      { username: username.trim(), password },
      { onSuccess: () => notifySuccess(t('options.security.loginSet')) },
    );
  };
  return (
    <form onSubmit={submit} noValidate data-testid="security-set-login">
      <Stack gap="sm" maw={420}>
        <Text size="sm">{t('options.security.noLogin')}</Text>
        <TextInput
          label={t('options.security.username')}
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
          autoComplete="username"
          maxLength={USERNAME_MAX}
          required
        />
        <NewPasswordFields
          labelKey="options.security.password"
          password={password}
          repeat={repeat}
          onPassword={setPassword}
          onRepeat={setRepeat}
        />
        <CredentialsError error={save.error} />
        <Group>
          <Button type="submit" disabled={!ready} loading={save.isPending}>
            {t('options.security.setLogin')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A login is set: current password, the new one twice, "Change password". */
function ChangePasswordForm({ username }: { username: string }) {
  const { t } = useTranslation();
  const save = useSetCredentials();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const ready = current !== '' && isGoodPassword(password, repeat);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    save.mutate(
      { username, password, currentPassword: current },
      {
        onSuccess: () => {
          setCurrent('');
          setPassword('');
          setRepeat('');
          notifySuccess(t('options.security.passwordChanged'));
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate data-testid="security-change-password">
      <Stack gap="sm" maw={420}>
        <Text fw={600} size="sm">
          {t('options.security.changePassword')}
        </Text>
        <CurrentPasswordInput value={current} onChange={setCurrent} />
        <NewPasswordFields
          labelKey="options.security.newPassword"
          password={password}
          repeat={repeat}
          onPassword={setPassword}
          onRepeat={setRepeat}
        />
        <CredentialsError error={save.error} />
        <Group>
          <Button type="submit" disabled={!ready} loading={save.isPending}>
            {t('options.security.changePassword')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The login part of Options → Security, by state: none, set here, or set by the environment. */
export function SecurityLogin({ status }: { status: AuthStatusResponse }) {
  const { t } = useTranslation();
  if (status.fromEnvironment) {
    return (
      <Text size="sm" data-testid="security-from-environment">
        {t('options.security.fromEnvironment', { username: status.username ?? '' })}
      </Text>
    );
  }
  if (!status.loginRequired) return <SetLoginForm />;
  const username = status.username ?? '';
  return (
    <Stack gap="lg">
      <Text size="sm" data-testid="security-username">
        {t('options.security.loggedInAs', { username })}
      </Text>
      <ChangePasswordForm username={username} />
      <SecurityTurnOff />
    </Stack>
  );
}
