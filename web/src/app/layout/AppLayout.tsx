import { AppShell, Box, Burger, Center, Group, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { NoLoginBanner } from '../../features/auth/NoLoginBanner';
import { QuickFindHost } from '../../features/quick-find/QuickFindHost';
import { Brand } from './Brand';
import { ConnectionBadge } from './ConnectionBadge';
import classes from './layout.module.css';
import { LockBadge } from './LockBadge';
import { MainNav } from './MainNav';
import { RemotePlayerBadge } from './RemotePlayerBadge';
import { StatusLines } from './StatusLines';
import { ColourSchemeToggle, LogoutButton, QuickFindButton } from './TopBarActions';
import { UpdateNotice } from './UpdateNotice';

export const HEADER_HEIGHT = 60;

/** The top bar (brand, navigation, quick find, live status) above the current page. */
export function AppLayout() {
  const { t } = useTranslation();
  const [navOpened, { toggle, close }] = useDisclosure(false);

  useEffect(() => {
    document.title = t('app.name');
  }, [t]);

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: 220, breakpoint: 'md', collapsed: { desktop: true, mobile: !navOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <div className={classes.header}>
          <Burger
            opened={navOpened}
            onClick={toggle}
            hiddenFrom="md"
            size="sm"
            aria-label={t('app.openMenu')}
          />
          <Brand />
          <Box visibleFrom="md">
            <MainNav />
          </Box>
          <QuickFindButton />
          <Group gap="sm" wrap="nowrap" ml="auto" style={{ minWidth: 0 }}>
            <Box visibleFrom="sm" style={{ minWidth: 0 }}>
              <StatusLines />
            </Box>
            <RemotePlayerBadge />
            <LockBadge />
            <ConnectionBadge />
            <ColourSchemeToggle />
            <LogoutButton />
          </Group>
        </div>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        {navOpened && <MainNav orientation="vertical" onNavigate={close} />}
      </AppShell.Navbar>
      <AppShell.Main>
        <NoLoginBanner />
        <UpdateNotice />
        <Suspense
          fallback={
            <Center py="xl">
              <Loader size="sm" />
            </Center>
          }
        >
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <QuickFindHost />
    </AppShell>
  );
}
