import { DEFAULT_OPTIONS } from '@fovea/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import OptionsPage from '../../../src/features/options/OptionsPage';
import { SecretInput } from '../../../src/features/options/sections/SecretInput';
import { proxyFields, proxyUrl } from '../../../src/features/options/sections/ScraperConnectionSettings';
import {
  secretFromTyped,
  secretPresent,
  secretStatus,
  typedSecret,
} from '../../../src/features/options/sections/secret-value';
import { mockApi, optionsState, renderWithProviders } from '../../test-utils';
import type { RecordedRequest } from '../../test-utils';

describe('secret values', () => {
  it('tell keep, clear and replace apart', () => {
    expect(secretStatus('set', true)).toBe('set');
    expect(secretStatus('', false)).toBe('notSet');
    expect(secretStatus('', true)).toBe('willClear');
    expect(secretStatus('new key', true)).toBe('willReplace');
    expect(typedSecret('set')).toBe('');
    expect(typedSecret('abc')).toBe('abc');
    expect(secretFromTyped('', true)).toBe('set');
    expect(secretFromTyped('', false)).toBe('');
    expect(secretPresent('set', true)).toBe(true);
    expect(secretPresent('set', false)).toBe(false);
    expect(secretPresent('', true)).toBe(false);
  });

  it('split the answered proxy URL into address and password, and join them for saving', () => {
    expect(proxyFields('')).toEqual({ address: '', password: '' });
    expect(proxyFields('http://proxy.lan:3128')).toEqual({ address: 'http://proxy.lan:3128', password: '' });
    expect(proxyFields('http://bob:***@proxy.lan:3128')).toEqual({
      address: 'http://bob@proxy.lan:3128',
      password: 'set',
    });
    expect(proxyUrl({ address: ' http://bob@proxy.lan:3128 ', password: 'set' })).toBe(
      'http://bob:***@proxy.lan:3128',
    );
    expect(proxyUrl({ address: 'http://bob@proxy.lan:3128', password: 'p@ss:w' })).toBe(
      'http://bob:p%40ss%3Aw@proxy.lan:3128',
    );
    expect(proxyUrl({ address: 'http://bob@proxy.lan:3128', password: '' })).toBe(
      'http://bob@proxy.lan:3128',
    );
    // A password typed into the address itself wins.
    expect(proxyUrl({ address: 'http://bob:typed@proxy.lan', password: 'set' })).toBe(
      'http://bob:typed@proxy.lan',
    );
    expect(proxyUrl({ address: '', password: 'set' })).toBe('');
  });
});

function Harness({ stored, allowClear }: { stored: boolean; allowClear: boolean }) {
  const [value, setValue] = useState(stored ? 'set' : '');
  return (
    <>
      <SecretInput
        label="API key"
        value={value}
        stored={stored}
        onChange={setValue}
        allowClear={allowClear}
        testId="key"
      />
      <output data-testid="sent">{JSON.stringify(value)}</output>
    </>
  );
}

const sent = () => JSON.parse(screen.getByTestId('sent').textContent ?? 'null') as string;

describe('SecretInput', { timeout: 30_000 }, () => {
  it('over a stored secret: empty field, "Set", typing replaces, emptying keeps, Clear and Keep', async () => {
    renderWithProviders(<Harness stored allowClear />);
    const user = userEvent.setup();
    const field = screen.getByLabelText('API key');
    const status = screen.getByTestId('key-status');
    expect(field).toHaveValue('');
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveAttribute('placeholder', 'Unchanged');
    expect(status).toHaveTextContent('Set');
    expect(sent()).toBe('set');

    await user.type(field, 'new-key');
    expect(sent()).toBe('new-key');
    expect(status).toHaveTextContent('Replaced when you save');
    await user.clear(field);
    expect(sent()).toBe('set');
    expect(status).toHaveTextContent('Set');

    await user.click(screen.getByRole('button', { name: 'Clear API key' }));
    expect(sent()).toBe('');
    expect(status).toHaveTextContent('Cleared when you save');
    expect(field).not.toHaveAttribute('placeholder');
    await user.click(screen.getByRole('button', { name: 'Keep the stored API key' }));
    expect(sent()).toBe('set');
  });

  it('with nothing stored: "Not set" and no Clear', async () => {
    renderWithProviders(<Harness stored={false} allowClear />);
    const user = userEvent.setup();
    expect(screen.getByTestId('key-status')).toHaveTextContent('Not set');
    expect(screen.queryByRole('button', { name: /Clear/ })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('API key'), 'k');
    expect(sent()).toBe('k');
    await user.clear(screen.getByLabelText('API key'));
    expect(sent()).toBe('');
  });
});

const puts = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'PUT');

function setupAdvanced() {
  const state = optionsState({
    advanced: {
      ...DEFAULT_OPTIONS.advanced,
      stashApiKey: 'set',
      scraperProxy: 'http://bob:***@proxy.lan:3128',
    },
  });
  const requests = mockApi({
    'GET /api/options/state': { body: state },
    'GET /api/options/collector-config-list': { body: [] },
    'PUT /api/options/interface/advanced': { body: state.config.advanced },
  });
  renderWithProviders(<OptionsPage />, { route: '/options?section=advanced' });
  return { requests, user: userEvent.setup() };
}

describe('secrets in the Advanced section', { timeout: 30_000 }, () => {
  it('the StashDB key shows as set, is sent back as "set", and Clear sends ""', async () => {
    const { requests, user } = setupAdvanced();
    await user.click(await screen.findByRole('tab', { name: 'Actor Settings' }));
    const panel = screen.getByTestId('advanced-actor-settings');
    expect(within(panel).getByLabelText('StashDB API key')).toHaveValue('');
    expect(within(panel).getByTestId('stash-api-key-status')).toHaveTextContent('Set');
    expect(within(panel).queryByTestId('stash-key-missing')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain('***');

    await user.click(within(panel).getByRole('switch', { name: 'Use imperial units when editing actors' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(puts(requests)[0]?.body).toMatchObject({ stashApiKey: 'set', useImperialEntry: true });

    await user.click(within(panel).getByRole('button', { name: 'Clear StashDB API key' }));
    expect(within(panel).getByTestId('stash-key-missing')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(requests)).toHaveLength(2));
    expect(puts(requests)[1]?.body).toMatchObject({ stashApiKey: '' });
  });

  it('the proxy password is kept apart from the address: kept, replaced or cleared', async () => {
    const { requests, user } = setupAdvanced();
    await user.click(await screen.findByRole('tab', { name: 'Cookies/Headers' }));
    const panel = screen.getByTestId('scraper-connection');
    expect(within(panel).getByLabelText('Proxy')).toHaveValue('http://bob@proxy.lan:3128');
    expect(within(panel).getByLabelText('Proxy password')).toHaveValue('');
    expect(within(panel).getByTestId('scraper-proxy-password-status')).toHaveTextContent('Set');
    const save = within(panel).getByRole('button', { name: 'Save connection settings' });
    expect(save).toBeDisabled();

    await user.type(within(panel).getByLabelText('Browser identity (User-Agent)'), 'Agent');
    await user.click(save);
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(puts(requests)[0]?.body).toEqual({
      scraperProxy: 'http://bob:***@proxy.lan:3128',
      scraperUserAgent: 'Agent',
    });

    await user.type(within(panel).getByLabelText('Proxy password'), 'n3w');
    await user.click(save);
    await waitFor(() => expect(puts(requests)).toHaveLength(2));
    expect(puts(requests)[1]?.body).toMatchObject({ scraperProxy: 'http://bob:n3w@proxy.lan:3128' });

    await user.clear(within(panel).getByLabelText('Proxy password'));
    await user.click(within(panel).getByRole('button', { name: 'Clear Proxy password' }));
    await user.click(save);
    await waitFor(() => expect(puts(requests)).toHaveLength(3));
    expect(puts(requests)[2]?.body).toMatchObject({ scraperProxy: 'http://bob@proxy.lan:3128' });
  });
});

describe('secrets in the collector configs', { timeout: 30_000 }, () => {
  it('cookie values and credential headers show no value, keep "set", and take a new value', async () => {
    const listed = {
      domain_key: 'site-scraper',
      config: {
        headers: [
          { key: 'Authorization', value: 'set' },
          { key: 'Referer', value: 'https://site.example/' },
        ],
        cookies: [{ name: 'sid', value: 'set', domain: '.site.example', path: '/', host: '' }],
        body: '',
        other: [],
      },
    };
    const requests = mockApi({
      'GET /api/options/state': { body: optionsState() },
      'GET /api/options/collector-config-list': { body: [listed] },
      'POST /api/options/save-collector-config': { body: null },
    });
    renderWithProviders(<OptionsPage />, { route: '/options?section=advanced' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Cookies/Headers' }));
    await user.type(await screen.findByRole('combobox', { name: 'Config name' }), 'site-scraper');
    const cookies = await screen.findByTestId('collector-cookies');
    const cookieValue = within(cookies).getByTestId('collector-cookies-secret-1');
    expect(cookieValue).toHaveValue('');
    expect(cookieValue).toHaveAttribute('type', 'password');
    expect(cookieValue).toHaveAttribute('placeholder', 'Unchanged');
    const headers = screen.getByTestId('collector-headers');
    expect(within(headers).getByTestId('collector-headers-secret-1')).toHaveValue('');
    expect(within(headers).queryByTestId('collector-headers-secret-2')).not.toBeInTheDocument();
    expect(within(headers).getByDisplayValue('https://site.example/')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('set')).not.toBeInTheDocument();

    await user.type(within(headers).getByTestId('collector-headers-secret-1'), 'Bearer new');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      domain_key: 'site-scraper',
      cookies: [{ name: 'sid', value: 'set' }],
      headers: [
        { key: 'Authorization', value: 'Bearer new' },
        { key: 'Referer', value: 'https://site.example/' },
      ],
    });
  });
});
