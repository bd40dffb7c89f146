import type { DlnaOptionsBody, OptionsStateResponse } from '@fovea/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { optionsKeys } from '../../../src/api/query-keys';
import OptionsPage from '../../../src/features/options/OptionsPage';
import { addAllowedIp, dlnaNameError } from '../../../src/features/options/sections/dlna-values';
import { mockApi, optionsState, renderWithProviders } from '../../test-utils';

function dlnaState(running: boolean): OptionsStateResponse {
  const state = optionsState();
  state.config.interfaces = {
    ...state.config.interfaces,
    dlna: { enabled: true, serviceName: 'Fovea', serviceImage: 'default', allowedIp: ['192.168.1.10'] },
  };
  state.currentState.dlna = {
    running,
    images: ['default', 'ghost', 'rocket'],
    recentIp: ['192.168.1.10', '192.168.1.44'],
  };
  return state;
}

describe('DLNA allowed addresses', () => {
  it('refuses empty and duplicate entries and trims the rest', () => {
    expect(addAllowedIp(['10.0.0.1'], ' 10.0.0.2 ')).toEqual({ list: ['10.0.0.1', '10.0.0.2'], error: null });
    expect(addAllowedIp(['10.0.0.1'], '10.0.0.1 ').error).toBe('duplicate');
    expect(addAllowedIp([], '   ').error).toBe('empty');
    expect(dlnaNameError(' ')).toBe('required');
    expect(dlnaNameError('x'.repeat(65))).toBe('tooLong');
    expect(dlnaNameError('Fovea')).toBeNull();
  });
});

describe('DLNA section', () => {
  it('shows the running state, picks an icon, edits the allowed list and saves with name/image', async () => {
    let state = dlnaState(false);
    const requests = mockApi({
      'GET /api/options/state': () => ({ body: state }),
      'PUT /api/options/interface/dlna': ({ body }) => {
        const sent = body as Required<DlnaOptionsBody>;
        state = dlnaState(sent.enabled);
        state.config.interfaces.dlna = {
          enabled: sent.enabled,
          serviceName: sent.name,
          serviceImage: sent.image,
          allowedIp: sent.allowedIp,
        };
        return {
          body: { enabled: sent.enabled, name: sent.name, image: sent.image, allowedIp: sent.allowedIp },
        };
      },
    });
    const { queryClient } = renderWithProviders(<OptionsPage />, { route: '/options?section=dlna' });
    const user = userEvent.setup();

    expect(await screen.findByTestId('dlna-running')).toHaveTextContent('Stopped');
    // The icons come from currentState.dlna.images, drawn from /dlna/icons/<name>.png.
    const ghost = screen.getByRole('button', { name: 'Icon ghost' });
    expect(ghost.querySelector('img')).toHaveAttribute('src', '/dlna/icons/ghost.png');
    expect(screen.getByRole('button', { name: 'Icon default' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(ghost);
    expect(ghost).toHaveAttribute('aria-pressed', 'true');

    const name = screen.getByLabelText('Service name');
    await user.clear(name);
    expect(screen.getByText('Enter a name')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(name, 'Headset library');

    const allowed = screen.getByTestId('dlna-allowed-ips');
    const entry = within(allowed).getByRole('textbox', { name: 'Address to allow' });
    // A duplicate is refused with a message; the list keeps one entry.
    await user.type(entry, '192.168.1.10{Enter}');
    expect(within(allowed).getByText('This address is already in the list')).toBeInTheDocument();
    expect(within(allowed).getAllByTestId('dlna-allowed-ip')).toHaveLength(1);
    await user.clear(entry);
    expect(within(allowed).queryByText('This address is already in the list')).not.toBeInTheDocument();
    await user.type(entry, ' 10.0.0.7 ');
    await user.click(within(allowed).getByRole('button', { name: 'Add' }));
    expect(entry).toHaveValue('');

    // Recent clients: one already allowed, one that can be added.
    expect(within(allowed).getByRole('button', { name: 'Allow 192.168.1.10' })).toBeDisabled();
    await user.click(within(allowed).getByRole('button', { name: 'Allow 192.168.1.44' }));
    expect(within(allowed).getByRole('button', { name: 'Allow 192.168.1.44' })).toBeDisabled();
    await user.click(within(allowed).getByRole('button', { name: 'Remove 192.168.1.10' }));
    expect(
      within(allowed)
        .getAllByTestId('dlna-allowed-ip')
        .map((row) => row.textContent),
    ).toEqual(['10.0.0.7', '192.168.1.44']);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.url).toBe('/api/options/interface/dlna');
    expect(put?.body).toEqual({
      enabled: true,
      name: 'Headset library',
      image: 'ghost',
      allowedIp: ['10.0.0.7', '192.168.1.44'],
    });
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    // The state is read again after the save (the server restarted DLNA): now running.
    expect(await screen.findByText('Running')).toBeInTheDocument();
    expect(queryClient.getQueryData<OptionsStateResponse>(optionsKeys.state)?.config.interfaces.dlna).toEqual(
      {
        enabled: true,
        serviceName: 'Headset library',
        serviceImage: 'ghost',
        allowedIp: ['10.0.0.7', '192.168.1.44'],
      },
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  }, 30_000);

  it('says when every address is allowed and no client has come yet', async () => {
    const state = dlnaState(true);
    state.config.interfaces.dlna.allowedIp = [];
    state.currentState.dlna.recentIp = [];
    mockApi({ 'GET /api/options/state': { body: state } });
    renderWithProviders(<OptionsPage />, { route: '/options?section=dlna' });
    expect(await screen.findByTestId('dlna-allowed-empty')).toHaveTextContent('Every address is allowed.');
    expect(screen.getByTestId('dlna-recent-empty')).toBeInTheDocument();
    expect(screen.getByTestId('dlna-running')).toHaveAttribute('data-running', 'true');
  });
});
