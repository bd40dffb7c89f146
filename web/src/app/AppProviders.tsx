import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ActorDetailsHost, ActorDetailsProvider } from '../features/actor-details/ActorDetailsProvider';
import { AuthSessionProvider } from '../features/auth/AuthSessionProvider';
import { QuickFindProvider } from '../features/quick-find/QuickFindProvider';
import { SceneDetailsProvider } from '../features/scene-details/SceneDetailsProvider';
import { i18n } from '../i18n';
import { createQueryClient } from './query-client';
import type { RealtimeStore } from './realtime';
import type { WampFactory } from './realtime/realtime-client';
import { ShortcutProvider } from './shortcuts';
import { DEFAULT_COLOR_SCHEME, theme } from './theme';
import notificationClasses from './notifications.module.css';

export interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  realtimeStore?: RealtimeStore;
  /** false keeps the websocket closed (tests). */
  realtimeConnect?: false | WampFactory;
  /** 'test' turns Mantine's transitions and portals off. */
  mantineEnv?: 'default' | 'test';
}

/** Every provider the screens rely on, in dependency order. */
export function AppProviders({
  children,
  queryClient,
  realtimeStore,
  realtimeConnect,
  mantineEnv = 'default',
}: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} defaultColorScheme={DEFAULT_COLOR_SCHEME} env={mantineEnv}>
        <Notifications
          position="top-right"
          zIndex={1000}
          limit={5}
          classNames={{ root: notificationClasses.root }}
        />
        <QueryClientProvider client={client}>
          <AuthSessionProvider store={realtimeStore} connect={realtimeConnect}>
            <ShortcutProvider>
              <QuickFindProvider>
                <ActorDetailsProvider>
                  <SceneDetailsProvider>
                    {children}
                    <ActorDetailsHost />
                  </SceneDetailsProvider>
                </ActorDetailsProvider>
              </QuickFindProvider>
            </ShortcutProvider>
          </AuthSessionProvider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
