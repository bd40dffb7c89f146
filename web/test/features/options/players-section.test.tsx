import { DEFAULT_OPTIONS } from '@fovea/contract';
import type { DeovrOptionsFlat, OptionsStateResponse } from '@fovea/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { optionsKeys } from '../../../src/api/query-keys';
import OptionsPage from '../../../src/features/options/OptionsPage';
import { playerUrls } from '../../../src/features/options/sections/players-values';
import {
  formatSortSequence,
  moveSortStep,
  parseSortSequence,
  unusedSortKeys,
} from '../../../src/features/options/sections/sort-sequence';
import { mockApi, optionsState, renderWithProviders } from '../../test-utils';
import type { RecordedRequest } from '../../test-utils';

const flat = (state: OptionsStateResponse): DeovrOptionsFlat => ({
  ...state.config.interfaces.deovr,
  ...state.config.interfaces.heresphere,
  ...state.config.interfaces.players,
});

function statePlayers(deovr: Partial<OptionsStateResponse['config']['interfaces']['deovr']> = {}) {
  const state = optionsState();
  state.config.interfaces = {
    ...state.config.interfaces,
    deovr: { ...state.config.interfaces.deovr, ...deovr },
  };
  state.currentState.server.bound_ip = ['http://192.168.1.5:9999/', 'http://10.0.0.2:9999/'];
  return state;
}

function setup(state: OptionsStateResponse = statePlayers()) {
  const requests = mockApi({
    'GET /api/options/state': { body: state },
    'PUT /api/options/interface/deovr': ({ body }) => {
      const sent = body as DeovrOptionsFlat;
      return {
        body: {
          ...flat(state),
          ...sent,
          // The server answers "set" for a stored password, never the password or its hash.
          password: sent.password === '' || sent.password === undefined ? '' : 'set',
        },
      };
    },
  });
  const rendered = renderWithProviders(<OptionsPage />, { route: '/options?section=players' });
  return { requests, ...rendered, user: userEvent.setup() };
}

const puts = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'PUT');

describe('sort sequences', () => {
  it('parse, format, move and offer the unused keys', () => {
    expect(parseSortSequence('resolution desc, filename asc,bogus,size', 'video')).toEqual([
      { key: 'resolution', desc: true },
      { key: 'filename', desc: false },
      { key: 'size', desc: false },
    ]);
    expect(parseSortSequence('', 'script')).toEqual([{ key: 'filename', desc: false }]);
    // A video-only key is not a script key; a repeat is dropped.
    expect(parseSortSequence('codec,is_selected desc,is_selected', 'script')).toEqual([
      { key: 'is_selected', desc: true },
    ]);
    const steps = parseSortSequence('size,codec desc,duration', 'video');
    expect(formatSortSequence(moveSortStep(steps, 2, -1))).toBe('size,duration,codec desc');
    expect(formatSortSequence(moveSortStep(steps, 0, -1))).toBe('size,codec desc,duration');
    expect(unusedSortKeys(parseSortSequence('filename,is_selected', 'subtitle'), 'subtitle')).toEqual([
      'created_time',
      'updated_time',
    ]);
    expect(playerUrls('http://10.0.0.2:9999/')).toEqual({
      deovr: 'http://10.0.0.2:9999/deovr',
      heresphere: 'http://10.0.0.2:9999/heresphere',
    });
  });
});

describe('Players section', () => {
  it('edits the video, script and subtitle sort sequences and saves them', async () => {
    const { requests, user, queryClient } = setup();
    const video = await screen.findByTestId('sort-sequence-video');
    expect(within(video).getByTestId('codec-ranking-note')).toHaveTextContent(
      'Codec order: HEVC (H.265) first, then H.264, then any other codec.',
    );
    expect(within(video).getByRole('button', { name: 'Remove Filename' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    // Add a second key (the first unused one, Added), make it descending and move it to the top.
    await user.click(within(video).getByRole('button', { name: 'Add sort key' }));
    expect(within(video).getByTestId('sort-step-video-1')).toBeInTheDocument();
    await user.click(within(within(video).getByTestId('sort-step-video-1')).getByText('Descending'));
    await user.click(within(video).getByRole('button', { name: 'Move Added up' }));
    // Then switch the first key to Resolution.
    await user.click(within(video).getByRole('combobox', { name: 'Video files: sort key 1' }));
    await user.click(await screen.findByRole('option', { name: 'Resolution' }));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    const body = puts(requests)[0]?.body as DeovrOptionsFlat;
    expect(puts(requests)[0]?.url).toBe('/api/options/interface/deovr');
    expect(body.video_sort_seq).toBe('resolution desc,filename');
    expect(body.script_sort_seq).toBe('filename');
    expect(body.subtitle_sort_seq).toBe('filename');
    // All 20 keys go, the stored (empty) password among them.
    expect(Object.keys(body).sort()).toEqual(Object.keys(flat(optionsState())).sort());
    expect(body.password).toBe('');
    await waitFor(() =>
      expect(
        queryClient.getQueryData<OptionsStateResponse>(optionsKeys.state)?.config.interfaces.players
          .video_sort_seq,
      ).toBe('resolution desc,filename'),
    );
  }, 20_000);

  it('edits the script and subtitle sequences with their own keys', async () => {
    const { requests, user } = setup();
    const script = await screen.findByTestId('sort-sequence-script');
    await user.click(within(script).getByRole('button', { name: 'Add sort key' }));
    await user.click(within(script).getByRole('button', { name: 'Remove Filename' }));
    const subtitle = screen.getByTestId('sort-sequence-subtitle');
    await user.click(within(subtitle).getByText('Descending'));
    expect(within(subtitle).queryByTestId('codec-ranking-note')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(puts(requests)[0]?.body).toMatchObject({
      video_sort_seq: 'filename',
      script_sort_seq: 'created_time',
      subtitle_sort_seq: 'filename desc',
    });
  }, 20_000);

  it('DeoVR: login fields follow auth; a stored password shows as "Set" and "set" is sent back', async () => {
    const { requests, user } = setup(statePlayers({ username: 'deo', password: 'set' }));
    await user.click(await screen.findByRole('tab', { name: 'DeoVR' }));
    const auth = screen.getByTestId('players-deovr-auth');
    const username = within(auth).getByLabelText('Username');
    const password = within(auth).getByLabelText('Password');
    expect(username).toBeDisabled();
    expect(password).toBeDisabled();
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('placeholder', 'Unchanged');
    expect(within(auth).getByTestId('players-deovr-password-status')).toHaveTextContent('Set');
    // The password cannot be cleared while it is kept (turning the login off is the way).
    expect(within(auth).queryByRole('button', { name: /^Clear/ })).not.toBeInTheDocument();

    await user.click(within(auth).getByRole('switch', { name: 'Require a login' }));
    expect(username).toBeEnabled();
    expect(password).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(puts(requests)[0]?.body).toMatchObject({
      auth_enabled: true,
      username: 'deo',
      password: 'set',
    });
  }, 20_000);

  it('DeoVR: login needs a username and a password; a typed password is sent', async () => {
    const { requests, user } = setup();
    await user.click(await screen.findByRole('tab', { name: 'DeoVR' }));
    const auth = screen.getByTestId('players-deovr-auth');
    expect(within(auth).queryByText('Enter a username, or turn the login off')).not.toBeInTheDocument();
    await user.click(within(auth).getByRole('switch', { name: 'Require a login' }));
    expect(within(auth).getByText('Enter a username, or turn the login off')).toBeInTheDocument();
    await user.type(within(auth).getByLabelText('Username'), 'deo');
    expect(within(auth).queryByText('Enter a username, or turn the login off')).not.toBeInTheDocument();
    expect(within(auth).getByText('Enter a password, or turn the login off')).toBeInTheDocument();
    expect(within(auth).getByTestId('players-deovr-password-status')).toHaveTextContent('Not set');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeEnabled();

    await user.type(within(auth).getByLabelText('Password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(puts(requests)[0]?.body).toMatchObject({ username: 'deo', password: 'new-secret' });
    // The form is remade from the saved values: the field is empty again, now over a stored password.
    await waitFor(() => expect(screen.getByTestId('players-deovr-password-status')).toHaveTextContent('Set'));
    expect(within(screen.getByTestId('players-deovr-auth')).getByLabelText('Password')).toHaveValue('');
    expect(screen.getByRole('tab', { name: 'DeoVR' })).toHaveAttribute('aria-selected', 'true');
  }, 20_000);

  it('DeoVR: remote mode is disabled while watch time tracking is off; the headset URLs are listed', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('tab', { name: 'DeoVR' }));
    const remote = screen.getByRole('switch', { name: 'Remote mode' });
    expect(remote).toBeEnabled();
    await user.click(screen.getByRole('switch', { name: 'Track watch time' }));
    expect(remote).toBeDisabled();

    const bound = screen.getByTestId('players-bound-ip');
    expect(within(bound).getByTestId('bound-ip-0')).toHaveTextContent('http://192.168.1.5:9999/');
    expect(within(bound).getByTestId('deovr-url-1')).toHaveTextContent('http://10.0.0.2:9999/deovr');
    expect(within(bound).getByTestId('heresphere-url-1')).toHaveTextContent(
      'http://10.0.0.2:9999/heresphere',
    );
    expect(
      within(bound).getByRole('button', { name: 'Copy http://10.0.0.2:9999/deovr' }),
    ).toBeInTheDocument();
  });

  it('Heresphere: the write-back switches, with the PERMANENT deletion warning', async () => {
    const { requests, user } = setup();
    await user.click(await screen.findByRole('tab', { name: 'Heresphere' }));
    const permissions = screen.getByTestId('heresphere-permissions');
    expect(permissions).toHaveTextContent(
      'PERMANENT: deleting a scene in HereSphere deletes ALL files of the scene from disk.',
    );
    const switches = within(permissions).getAllByRole('switch');
    expect(switches).toHaveLength(7);
    for (const item of switches) expect(item).not.toBeChecked();
    expect(screen.queryByTestId('heresphere-delete-warning')).not.toBeInTheDocument();

    await user.click(within(permissions).getByRole('switch', { name: 'Allow file deletion' }));
    expect(screen.getByTestId('heresphere-delete-warning')).toHaveTextContent('PERMANENTLY deletes ALL');
    await user.click(within(permissions).getByRole('switch', { name: 'Allow tag updates' }));
    const cuepoints = screen.getByTestId('heresphere-cuepoints');
    await user.click(within(cuepoints).getByRole('switch', { name: 'Cast cuepoints on their own track' }));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(puts(requests)[0]?.body).toMatchObject({
      allow_file_deletes: true,
      allow_tag_updates: true,
      allow_rating_updates: false,
      multitrack_cast_cuepoints: !DEFAULT_OPTIONS.interfaces.heresphere.multitrack_cast_cuepoints,
      retain_non_hsp_cuepoints: DEFAULT_OPTIONS.interfaces.heresphere.retain_non_hsp_cuepoints,
    });
  }, 20_000);
});
