import { Alert, Center, Loader } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuthAccess } from './auth-access';
import { LOGIN_PATH, loginState } from './login-location';

/**
 * The gate in front of every page: waits for the login status, sends a browser without a session to the login
 * page (remembering where it was going), and shows the server's reason when it refuses this address.
 */
export function RequireLogin() {
  const { t } = useTranslation();
  const location = useLocation();
  const { access, refusal } = useAuthAccess();
  if (access === 'checking') {
    return (
      <Center h="100vh" data-testid="auth-checking">
        <Loader size="sm" aria-label={t('auth.checking')} />
      </Center>
    );
  }
  if (access === 'login') return <Navigate to={LOGIN_PATH} replace state={loginState(location)} />;
  if (access === 'refused') {
    return (
      <Center h="100vh" p="md">
        <Alert
          color="red"
          radius="md"
          icon={<IconLock size={18} />}
          title={t('auth.refusedTitle')}
          maw={520}
          data-testid="auth-refused"
        >
          {refusal}
        </Alert>
      </Center>
    );
  }
  return <Outlet />;
}
