import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_LOGIN_BANNER_DISMISSED_KEY } from '../../../src/features/auth/NoLoginBanner';
import { authStatus, createTestQueryClient, mockApi, renderApp } from '../../test-utils';

afterEach(() => window.sessionStorage.clear());

describe('the no-login banner', () => {
  it('warns while no login is set, links to Options → Security, and stays dismissed for the session', async () => {
    mockApi({});
    const first = renderApp({ route: '/files' });
    const banner = await screen.findByTestId('no-login-banner');
    expect(banner).toHaveTextContent('Anyone on your network can change this library.');
    await userEvent.click(screen.getByRole('link', { name: 'Set a password' }));
    // The Options page is loaded on demand: slow on a busy machine.
    expect(
      await screen.findByTestId('options-section-security', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('no-login-banner')).not.toBeInTheDocument());
    expect(window.sessionStorage.getItem(NO_LOGIN_BANNER_DISMISSED_KEY)).toBe('true');
    first.unmount();

    // Same browser session: still dismissed.
    renderApp({ route: '/files' });
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.queryByTestId('no-login-banner')).not.toBeInTheDocument();
  }, 20_000);

  it('comes back in a new browser session', async () => {
    mockApi({});
    renderApp({ route: '/files' });
    expect(await screen.findByTestId('no-login-banner')).toBeInTheDocument();
  });

  it('is not shown when a login is set', async () => {
    mockApi({});
    const queryClient = createTestQueryClient(
      authStatus({ loginRequired: true, loggedIn: true, username: 'owner' }),
    );
    renderApp({ route: '/files', queryClient });
    expect(await screen.findByTestId('logout-button')).toBeInTheDocument();
    expect(screen.queryByTestId('no-login-banner')).not.toBeInTheDocument();
  });
});
