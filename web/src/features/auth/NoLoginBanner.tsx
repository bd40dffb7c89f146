import { Alert, Anchor } from '@mantine/core';
import { useSessionStorage } from '@mantine/hooks';
import { IconShieldExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthStatus } from '../../api/queries/auth';

/** sessionStorage key: the banner was dismissed in this browser session (it comes back in the next one). */
export const NO_LOGIN_BANNER_DISMISSED_KEY = 'fovea.no-login-banner.dismissed';

/** Where "Set a password" leads: Options → Security. */
export const SECURITY_OPTIONS_PATH = '/options?section=security';

/** While no login is set: anyone on the network can change the library; a link to set a password. */
export function NoLoginBanner() {
  const { t } = useTranslation();
  const { data } = useAuthStatus();
  const [dismissed, setDismissed] = useSessionStorage<boolean>({
    key: NO_LOGIN_BANNER_DISMISSED_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  if (data?.loginRequired !== false || dismissed) return null;
  return (
    <Alert
      data-testid="no-login-banner"
      variant="light"
      color="yellow"
      radius="md"
      icon={<IconShieldExclamation size={18} />}
      withCloseButton
      closeButtonLabel={t('auth.banner.dismiss')}
      onClose={() => setDismissed(true)}
      mb="md"
    >
      {t('auth.banner.text')}{' '}
      <Anchor component={Link} to={SECURITY_OPTIONS_PATH} size="sm" fw={600}>
        {t('auth.banner.link')}
      </Anchor>
    </Alert>
  );
}
