import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import OptionsPage from '../../../src/features/options/OptionsPage';
import { mockApi, optionsState, renderApp, renderWithProviders } from '../../test-utils';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

describe('options page', () => {
  it('has three menu groups and shows Storage by default', async () => {
    mockApi({});
    renderApp({ route: '/options' });
    const menu = await screen.findByRole('navigation', { name: 'Options sections' });
    for (const group of ['Options', 'Scene data', 'Interfaces']) {
      expect(within(menu).getByText(group)).toBeInTheDocument();
    }
    const labels = within(menu)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(labels).toEqual([
      'Storage',
      'Previews',
      'Cache',
      'Task Schedules',
      'Security',
      'Scrapers',
      'Create/Import scene',
      'Funscripts',
      'Data import/export',
      'Players',
      'DLNA',
      'Web UI',
      'Advanced',
    ]);
    expect(screen.getByTestId('options-section-storage')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Storage' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Storage' })).toHaveAttribute('aria-current', 'page');
  });

  it('keeps the selected section in the URL', async () => {
    mockApi({ 'GET /api/options/state': { body: optionsState() } });
    renderWithProviders(
      <>
        <OptionsPage />
        <LocationProbe />
      </>,
      { route: '/options?section=schedules' },
    );
    expect(screen.getByRole('heading', { name: 'Task Schedules' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Rescan' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Web UI' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/options?section=web');
    expect(await screen.findByRole('switch', { name: 'Edit button' })).toBeInTheDocument();
  });

  it('falls back to Storage for an unknown section', () => {
    mockApi({});
    renderWithProviders(<OptionsPage />, { route: '/options?section=bogus' });
    expect(screen.getByRole('heading', { name: 'Storage' })).toBeInTheDocument();
  });
});
