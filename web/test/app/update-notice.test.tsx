import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { UPDATE_DISMISSED_KEY, UpdateNotice } from '../../src/app/layout/UpdateNotice';
import { mockApi, renderWithProviders, versionCheck } from '../test-utils';

const update = (latest: string) =>
  versionCheck({ current_version: '1.0.0', latest_version: latest, update_notify: true });

describe('update notice', () => {
  it('shows a newer version until it is dismissed, and remembers the dismissal', async () => {
    mockApi({ 'GET /api/options/version-check': { body: update('1.1.0') } });
    const first = renderWithProviders(<UpdateNotice />);
    const notice = await screen.findByTestId('update-notice');
    expect(notice).toHaveTextContent('Fovea 1.1.0 is available (you have 1.0.0)');

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('update-notice')).not.toBeInTheDocument());
    expect(JSON.parse(window.localStorage.getItem(UPDATE_DISMISSED_KEY) ?? 'null')).toBe('1.1.0');
    first.unmount();

    // Same latest version after a reload: stays dismissed.
    renderWithProviders(<UpdateNotice />);
    await waitFor(() => expect(screen.queryByTestId('update-notice')).not.toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('update-notice')).not.toBeInTheDocument();
  });

  it('shows again for a newer latest version', async () => {
    window.localStorage.setItem(UPDATE_DISMISSED_KEY, JSON.stringify('1.1.0'));
    mockApi({ 'GET /api/options/version-check': { body: update('1.2.0') } });
    renderWithProviders(<UpdateNotice />);
    expect(await screen.findByTestId('update-notice')).toHaveTextContent('Fovea 1.2.0 is available');
  });

  it('stays hidden when no update is available', async () => {
    const requests = mockApi({ 'GET /api/options/version-check': { body: versionCheck() } });
    renderWithProviders(<UpdateNotice />);
    await waitFor(() => expect(requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('update-notice')).not.toBeInTheDocument();
  });
});
