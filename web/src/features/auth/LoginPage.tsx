import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { USERNAME_MAX, PASSWORD_MAX } from '@fovea/contract';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useLogin } from '../../api/queries/auth';
import { useAuthAccess } from './auth-access';
import { loginErrorText } from './login-errors';
import { returnPath } from './login-location';

/** The login page (/login): username and password; back to where the user was going once logged in. */
export default function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const { access } = useAuthAccess();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const target = returnPath(location.state);

  useEffect(() => {
    document.title = t('auth.login.pageTitle');
  }, [t]);

  // No login needed (none set), or a session: a successful login lands here too, with the new status.
  if (access === 'open') return <Navigate to={target} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ username: username.trim(), password });
  };

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder radius="md" p="xl" w="100%" maw={380} shadow="sm">
        <form onSubmit={submit} noValidate data-testid="login-form">
          <Stack gap="md">
            <div>
              <Title order={1} fz="h2">
                {t('app.name')}
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                {t('auth.login.intro')}
              </Text>
            </div>
            {login.error && (
              <Alert
                color="red"
                radius="md"
                icon={<IconAlertCircle size={18} />}
                data-testid="login-error"
                role="alert"
              >
                {loginErrorText(t, login.error)}
              </Alert>
            )}
            <TextInput
              label={t('auth.login.username')}
              value={username}
              onChange={(event) => setUsername(event.currentTarget.value)}
              autoComplete="username"
              maxLength={USERNAME_MAX}
              required
              autoFocus
            />
            <PasswordInput
              label={t('auth.login.password')}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              autoComplete="current-password"
              maxLength={PASSWORD_MAX}
              required
            />
            <Button
              type="submit"
              loading={login.isPending}
              disabled={username.trim() === '' || password === ''}
              fullWidth
            >
              {t('auth.login.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
