import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../../src/app/AppRoutes';
import { authStatus, createTestQueryClient, mockApi, renderWithProviders } from '../../test-utils';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const loggedOut = authStatus({ loginRequired: true });
const loggedIn = authStatus({ loginRequired: true, loggedIn: true, username: 'owner' });
const unauthorized = { status: 401, body: { error: 'Unauthorized', message: 'Log in first' } };

function renderAt(route: string, seeded: ReturnType<typeof authStatus> | null = null) {
  return renderWithProviders(
    <>
      <AppRoutes />
      <LocationProbe />
    </>,
    { route, queryClient: createTestQueryClient(seeded) },
  );
}

async function fillLogin(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Username/), username);
  await user.type(screen.getByLabelText(/Password/), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

// Rendering the whole app and typing with user-event is slow on a busy machine.
describe('the login gate', { timeout: 15_000 }, () => {
  it('asks for the status first and, without a session, shows only the login page', async () => {
    const requests = mockApi({ 'GET /api/auth/status': { body: loggedOut } });
    renderAt('/files?page=2');
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual(['GET /api/auth/status']);
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('shows wrong credentials and too many attempts from the answer', async () => {
    let attempts = 0;
    mockApi({
      'GET /api/auth/status': { body: loggedOut },
      'POST /api/auth/login': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 401, body: { error: 'Unauthorized', message: 'Wrong username or password' } }
          : { status: 429, body: { error: 'Too Many Requests', message: 'Too many attempts' } };
      },
    });
    renderAt('/');
    await fillLogin('owner', 'nope');
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Wrong username or password.');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByTestId('login-error')).toHaveTextContent('Too many attempts'));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });

  it('logs in and goes back to where the user was going', async () => {
    const requests = mockApi({
      'GET /api/auth/status': { body: loggedOut },
      'POST /api/auth/login': { body: loggedIn },
    });
    renderAt('/files?page=2');
    await fillLogin('owner', 'secret-password');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/files?page=2'));
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      username: 'owner',
      password: 'secret-password',
    });
    expect(screen.getByTestId('logout-button')).toHaveAccessibleName('Log out (owner)');
  });

  it('sends the app to the login page when a call answers 401 later', async () => {
    let sessionEnded = false;
    mockApi({
      'GET /api/auth/status': () => ({ body: sessionEnded ? loggedOut : loggedIn }),
      'POST /api/files/page': () => {
        sessionEnded = true;
        return unauthorized;
      },
    });
    renderAt('/files', loggedIn);
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });

  it('logs out from the top bar', async () => {
    const requests = mockApi({ 'POST /api/auth/logout': { body: null } });
    renderAt('/files', loggedIn);
    await userEvent.click(await screen.findByTestId('logout-button'));
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST' && request.url === '/api/auth/logout')).toBe(
      true,
    );
  });

  it('shows no logout button when no login is set', async () => {
    mockApi({});
    renderAt('/files', authStatus());
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.queryByTestId('logout-button')).not.toBeInTheDocument();
  });

  it('shows the server’s reason when it refuses this address', async () => {
    const refusal = 'Set a username and password before using Fovea from a public address.';
    mockApi({ 'GET /api/auth/status': { status: 403, body: { error: 'Forbidden', message: refusal } } });
    renderAt('/');
    expect(await screen.findByTestId('auth-refused')).toHaveTextContent(refusal);
  });

  it('leaves the login page for the app when no login is set', async () => {
    mockApi({});
    renderAt('/login', authStatus());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});
