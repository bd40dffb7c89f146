import type { CollectorConfig } from '@fovea/contract';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import OptionsPage from '../../../src/features/options/OptionsPage';
import { mockApi, optionsState, renderWithProviders } from '../../test-utils';
import type { MockHandler, MockResponse } from '../../test-utils';

const CONFIGS: CollectorConfig[] = [
  {
    domain_key: 'naughtyamerica-trailers',
    config: {
      headers: [{ key: 'Referer', value: 'https://www.naughtyamerica.com/' }],
      cookies: [{ name: 'age_verified', value: '1', domain: '.naughtyamerica.com', path: '/', host: '' }],
      body: '',
      other: [{ key: 'note', value: 'kept' }],
    },
  },
  { domain_key: 'wetvr-scraper', config: { headers: null, cookies: null, body: 'a=b', other: null } },
];

async function setup(routes: Record<string, MockResponse | MockHandler> = {}) {
  let configs = CONFIGS;
  const show = vi.spyOn(notifications, 'show');
  const requests = mockApi({
    'GET /api/options/state': { body: optionsState() },
    'GET /api/options/collector-config-list': () => ({ body: configs }),
    'POST /api/options/save-collector-config': ({ body }) => {
      const saved = body as { domain_key: string; body: string };
      configs = [
        ...configs.filter((config) => config.domain_key !== saved.domain_key),
        { domain_key: saved.domain_key, config: { headers: [], cookies: [], body: saved.body, other: [] } },
      ];
      return { body: null };
    },
    'DELETE /api/options/delete-collector-config': ({ body }) => {
      configs = configs.filter((config) => config.domain_key !== (body as { domain_key: string }).domain_key);
      return { body: null };
    },
    ...routes,
  });
  renderWithProviders(<OptionsPage />, { route: '/options?section=advanced' });
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('tab', { name: 'Cookies/Headers' }));
  await screen.findByTestId('collector-config-editor');
  const toasts = () => show.mock.calls.map(([options]) => [options.message, options.autoClose]);
  return { requests, user, toasts };
}

const nameInput = () => screen.getByRole('combobox', { name: 'Config name' });
const writes = (requests: { method: string; url: string; body: unknown }[]) =>
  requests.filter((r) => r.method !== 'GET').map((r) => [r.method, r.url, r.body]);

describe('Advanced → Cookies/Headers', { timeout: 30_000 }, () => {
  it('loads the config whose name is typed, and shows its headers, cookies and body', async () => {
    const { user } = await setup();
    expect(screen.queryByTestId('collector-fields')).not.toBeInTheDocument();
    // The options Save bar belongs to the other tabs.
    expect(screen.queryByRole('button', { name: 'Reset' })).not.toBeInTheDocument();
    await user.type(nameInput(), 'naughtyamerica');
    expect(screen.queryByTestId('collector-fields')).not.toBeInTheDocument();
    await user.type(nameInput(), '-trailers');
    expect(await screen.findByTestId('collector-editing')).toHaveTextContent(
      'Editing naughtyamerica-trailers',
    );
    expect(screen.getByRole('textbox', { name: 'Header 1 key' })).toHaveValue('Referer');
    expect(screen.getByRole('textbox', { name: 'Header 1 value' })).toHaveValue(
      'https://www.naughtyamerica.com/',
    );
    expect(screen.getByRole('textbox', { name: 'Cookie 1 name' })).toHaveValue('age_verified');
    expect(screen.getByRole('textbox', { name: 'Cookie 1 domain' })).toHaveValue('.naughtyamerica.com');

    await user.clear(nameInput());
    await user.type(nameInput(), 'WETVR-scraper');
    expect(await screen.findByTestId('collector-editing')).toHaveTextContent('Editing wetvr-scraper');
    expect(screen.getByRole('textbox', { name: /Body/ })).toHaveValue('a=b');
    expect(screen.queryByRole('textbox', { name: 'Header 1 key' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add new' })).toBeDisabled();
  });

  it('adds a new config of at most 20 characters and saves its rows', async () => {
    const { requests, user } = await setup();
    const addNew = screen.getByRole('button', { name: 'Add new' });
    expect(addNew).toBeDisabled();
    await user.type(nameInput(), 'x'.repeat(21));
    expect(screen.getByText('A new name has at most 20 characters')).toBeInTheDocument();
    expect(addNew).toBeDisabled();
    await user.clear(nameInput());
    await user.type(nameInput(), 'vrsite-scraper');
    expect(screen.queryByTestId('collector-fields')).not.toBeInTheDocument();
    await user.click(addNew);
    expect(screen.getByTestId('collector-editing')).toHaveTextContent('New config vrsite-scraper');
    await user.click(screen.getByRole('button', { name: 'Add header' }));
    await user.type(screen.getByRole('textbox', { name: 'Header 1 key' }), 'User-Agent');
    await user.type(screen.getByRole('textbox', { name: 'Header 1 value' }), 'Fovea');
    await user.click(screen.getByRole('button', { name: 'Add header' }));
    await user.click(screen.getByRole('button', { name: 'Add cookie' }));
    await user.type(screen.getByRole('textbox', { name: 'Cookie 1 name' }), 'session');
    // Cookie values are secrets: a password field.
    await user.type(screen.getByLabelText('Cookie 1 value'), 'abc');
    await user.type(screen.getByRole('textbox', { name: 'Cookie 1 domain' }), '.vrsite.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Config vrsite-scraper saved')).toBeInTheDocument();
    expect(writes(requests)).toEqual([
      [
        'POST',
        '/api/options/save-collector-config',
        {
          domain_key: 'vrsite-scraper',
          body: '',
          headers: [{ key: 'User-Agent', value: 'Fovea' }],
          cookies: [{ name: 'session', value: 'abc', domain: '.vrsite.example', path: '', host: '' }],
          other: [],
        },
      ],
    ]);
    // Saved, it is an existing config now: it can be deleted.
    expect(await screen.findByTestId('collector-editing')).toHaveTextContent('Editing vrsite-scraper');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('keeps the untouched other list when saving a loaded config, and deletes one with a JSON body', async () => {
    const { requests, user } = await setup();
    await user.type(nameInput(), 'naughtyamerica-trailers');
    await user.click(await screen.findByRole('button', { name: 'Remove cookie 1' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(requests)).toHaveLength(1));
    expect(writes(requests)[0]?.[2]).toEqual({
      domain_key: 'naughtyamerica-trailers',
      body: '',
      headers: [{ key: 'Referer', value: 'https://www.naughtyamerica.com/' }],
      cookies: [],
      other: [{ key: 'note', value: 'kept' }],
    });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog).toHaveTextContent('naughtyamerica-trailers');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(writes(requests)[1]).toEqual([
        'DELETE',
        '/api/options/delete-collector-config',
        { domain_key: 'naughtyamerica-trailers' },
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId('collector-fields')).not.toBeInTheDocument());
    expect(nameInput()).toHaveValue('');
  });

  it('imports a JSON file as it is, with the error toasts of the spec', async () => {
    let saveAnswer: MockResponse = {
      status: 400,
      body: { error: 'Bad Request', message: 'domain_key missing' },
    };
    const { requests, toasts, user } = await setup({
      'POST /api/options/save-collector-config': () => saveAnswer,
    });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (input === null) throw new Error('no file input');

    await user.upload(input, new File(['{ not json'], 'broken.json', { type: 'application/json' }));
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(toasts()[0]?.[0]).toMatch(/^Error: .+/);
    expect(toasts()[0]?.[1]).toBe(30000);
    expect(writes(requests)).toEqual([]);

    await user.upload(input, new File(['{"cookies": []}'], 'partial.json', { type: 'application/json' }));
    await waitFor(() => expect(toasts()).toHaveLength(2));
    expect(toasts()[1]).toEqual(['Error:  Failed to import file', 30000]);
    expect(writes(requests)).toEqual([['POST', '/api/options/save-collector-config', { cookies: [] }]]);

    saveAnswer = { body: null };
    const imported = {
      domain_key: 'imported-scraper',
      body: '',
      headers: [{ key: 'X-Test', value: '1' }],
      cookies: [],
      other: [],
    };
    await user.upload(input, new File([JSON.stringify(imported)], 'good.json', { type: 'application/json' }));
    expect(await screen.findByText('Config imported-scraper imported')).toBeInTheDocument();
    expect(writes(requests)[1]).toEqual(['POST', '/api/options/save-collector-config', imported]);
    expect(screen.getByRole('textbox', { name: 'Header 1 key' })).toHaveValue('X-Test');
    expect(nameInput()).toHaveValue('imported-scraper');
  });
});
