import type { ApiKeyInfo } from '@fovea/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SecuritySection } from '../../../src/features/options/sections/SecuritySection';
import { authStatus, createTestQueryClient, mockApi, renderWithProviders } from '../../test-utils';

const loggedIn = authStatus({ loginRequired: true, loggedIn: true, username: 'owner' });
const key = (id: number, name: string, lastUsedAt: string | null = null): ApiKeyInfo => ({
  id,
  name,
  createdAt: '2026-11-01T10:00:00Z',
  lastUsedAt,
});

function renderSection(status: ReturnType<typeof authStatus>) {
  return renderWithProviders(<SecuritySection />, {
    route: '/options?section=security',
    queryClient: createTestQueryClient(status),
  });
}

// Typing passwords with user-event is slow on a busy machine.
describe('Options → Security', { timeout: 20_000 }, () => {
  it('without a login: checks the new password, sets the login, then shows it and the API keys', async () => {
    const requests = mockApi({
      'PUT /api/auth/credentials': { body: loggedIn },
      'GET /api/auth/api-keys': { body: [] },
    });
    renderSection(authStatus());
    const user = userEvent.setup();
    const form = screen.getByTestId('security-set-login');
    const submit = within(form).getByRole('button', { name: 'Set login' });
    await user.type(within(form).getByLabelText(/^Username/), 'owner');
    await user.type(within(form).getByLabelText(/^Password/), 'short');
    expect(within(form).getByText('Use at least 8 characters')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/^Password/), '-enough');
    await user.type(within(form).getByLabelText(/^Repeat the password/), 'short-enougH');
    expect(within(form).getByText('The passwords are not the same')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.clear(within(form).getByLabelText(/^Repeat the password/));
    await user.type(within(form).getByLabelText(/^Repeat the password/), 'short-enough');
    expect(submit).toBeEnabled();
    expect(screen.queryByTestId('security-api-keys')).not.toBeInTheDocument();

    await user.click(submit);
    expect(await screen.findByTestId('security-username')).toHaveTextContent('owner');
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      username: 'owner',
      password: 'short-enough',
    });
    expect(await screen.findByTestId('api-keys-empty')).toBeInTheDocument();
  });

  it('with a login: a wrong current password is said so, and turning it off asks first', async () => {
    const wrong = { status: 401, body: { error: 'Unauthorized', message: 'Wrong password' } };
    const requests = mockApi({
      'GET /api/auth/api-keys': { body: [] },
      'PUT /api/auth/credentials': wrong,
      'DELETE /api/auth/credentials': { body: authStatus() },
    });
    renderSection(loggedIn);
    const user = userEvent.setup();
    expect(screen.getByTestId('security-username')).toHaveTextContent('Login set for the user owner.');

    const change = screen.getByTestId('security-change-password');
    await user.type(within(change).getByLabelText(/^Current password/), 'not-it');
    await user.type(within(change).getByLabelText(/^New password/), 'new-password');
    await user.type(within(change).getByLabelText(/^Repeat the password/), 'new-password');
    await user.click(within(change).getByRole('button', { name: 'Change password' }));
    expect(await within(change).findByRole('alert')).toHaveTextContent('The current password is wrong.');
    // Still logged in: a wrong password in a form is not a lost session.
    expect(screen.getByTestId('security-username')).toBeInTheDocument();

    const turnOff = screen.getByTestId('security-turn-off');
    await user.type(within(turnOff).getByLabelText(/^Current password/), 'the-password');
    await user.click(within(turnOff).getByRole('button', { name: 'Turn off login' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Turn off login' }));
    expect(await screen.findByTestId('security-set-login')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'DELETE')?.body).toEqual({
      currentPassword: 'the-password',
    });
    expect(screen.queryByTestId('security-api-keys')).not.toBeInTheDocument();
  });

  it('set by the environment: says where it is changed, and offers no form', async () => {
    mockApi({ 'GET /api/auth/api-keys': { body: [] } });
    renderSection({ ...loggedIn, fromEnvironment: true });
    expect(screen.getByTestId('security-from-environment')).toHaveTextContent(
      'set by FOVEA_USERNAME and FOVEA_PASSWORD',
    );
    expect(screen.queryByTestId('security-set-login')).not.toBeInTheDocument();
    expect(screen.queryByTestId('security-change-password')).not.toBeInTheDocument();
    expect(screen.queryByTestId('security-turn-off')).not.toBeInTheDocument();
    expect(await screen.findByTestId('api-keys-empty')).toBeInTheDocument();
  });

  it('points to the players’ own login', () => {
    mockApi({});
    renderSection(authStatus());
    const note = screen.getByTestId('security-players-note');
    expect(note).toHaveTextContent('Headset players (DeoVR, HereSphere) use their own login');
    expect(within(note).getByRole('link')).toHaveAttribute('href', '/options?section=players');
  });

  it('shows a created key’s secret once, with a curl line, and revokes a key after asking', async () => {
    let keys = [key(1, 'old script', '2026-11-20T08:00:00Z')];
    const requests = mockApi({
      'GET /api/auth/api-keys': () => ({ body: keys }),
      'POST /api/auth/api-keys': () => {
        const created = key(2, 'backup');
        keys = [...keys, created];
        return { body: { key: created, secret: 'fovea_secret_123' } };
      },
      'DELETE /api/auth/api-keys/1': () => {
        keys = keys.filter((item) => item.id !== 1);
        return { body: null };
      },
    });
    const first = renderSection(loggedIn);
    const user = userEvent.setup();
    const table = await screen.findByTestId('api-keys-table');
    expect(within(table).getByText('old script')).toBeInTheDocument();

    await user.type(screen.getByLabelText('New key name'), 'backup');
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const created = await screen.findByTestId('api-key-created');
    expect(created).toHaveTextContent('Copy it now: it will not be shown again.');
    expect(screen.getByTestId('api-key-secret')).toHaveValue('fovea_secret_123');
    expect(screen.getByTestId('api-key-curl')).toHaveTextContent(
      'curl -H "X-Api-Key: fovea_secret_123" http://localhost:3000/api/library/summary',
    );
    await waitFor(() => expect(screen.getAllByTestId('api-key-row')).toHaveLength(2));
    const rows = screen.getAllByTestId('api-key-row');
    expect(rows[1]).toHaveTextContent('backup');
    expect(rows[1]).toHaveTextContent('Never');
    expect(rows[0]).not.toHaveTextContent('Never');

    await user.click(screen.getByRole('button', { name: 'Revoke old script' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.getAllByTestId('api-key-row')).toHaveLength(1));
    expect(requests.some((r) => r.method === 'DELETE' && r.url === '/api/auth/api-keys/1')).toBe(true);

    // Shown once: opening the section again shows no secret.
    first.unmount();
    renderSection(loggedIn);
    expect(await screen.findByTestId('api-keys-table')).toBeInTheDocument();
    expect(screen.queryByTestId('api-key-created')).not.toBeInTheDocument();
    expect(screen.queryByText('fovea_secret_123')).not.toBeInTheDocument();
  });
});
