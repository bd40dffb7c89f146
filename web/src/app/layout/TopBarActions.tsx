import {
  ActionIcon,
  Button,
  Kbd,
  Tooltip,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { IconLogout, IconMoon, IconSearch, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../api/client';
import { useAuthStatus, useLogout } from '../../api/queries/auth';
import { notifyDanger } from '../../components/notify';
import { useQuickFind } from '../../features/quick-find/quick-find-context';
import classes from './layout.module.css';

export function QuickFindButton() {
  const { t } = useTranslation();
  const { open } = useQuickFind();
  return (
    <Tooltip label={t('nav.quickFindTooltip')}>
      <Button
        variant="default"
        size="sm"
        radius="md"
        leftSection={<IconSearch size={16} stroke={1.8} />}
        rightSection={<Kbd size="xs">{t('nav.quickFindKey')}</Kbd>}
        onClick={open}
        data-testid="quick-find-button"
        aria-label={t('nav.quickFindTooltip')}
        className={classes.quickFind}
      >
        <span className={classes.quickFindLabel}>{t('nav.quickFind')}</span>
      </Button>
    </Tooltip>
  );
}

export function ColourSchemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('dark', { getInitialValueInEffect: false });
  return (
    <Tooltip label={t('app.colourScheme')}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={t('app.colourScheme')}
        onClick={() => setColorScheme(computed === 'dark' ? 'light' : 'dark')}
      >
        {computed === 'dark' ? <IconSun size={18} stroke={1.8} /> : <IconMoon size={18} stroke={1.8} />}
      </ActionIcon>
    </Tooltip>
  );
}

/** Shown while logged in: ends the session; the gate then shows the login page. */
export function LogoutButton() {
  const { t } = useTranslation();
  const { data } = useAuthStatus();
  const logout = useLogout();
  if (!data?.loginRequired || !data.loggedIn) return null;
  const label = t('auth.logout.label', { username: data.username ?? '' });
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        loading={logout.isPending}
        data-testid="logout-button"
        onClick={() =>
          logout.mutate(undefined, {
            onError: (error) =>
              notifyDanger(
                error instanceof ApiRequestError && error.status === 0
                  ? t('errors.network')
                  : t('errors.errorMessage', { message: error.message }),
              ),
          })
        }
      >
        <IconLogout size={18} stroke={1.8} />
      </ActionIcon>
    </Tooltip>
  );
}
