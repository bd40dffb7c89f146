import type { Scene } from '@fovea/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { sceneKeys } from '../../../src/api/query-keys';
import { SceneDetailsContext } from '../../../src/features/scene-details/scene-details-context';
import type { SceneDetailsApi } from '../../../src/features/scene-details/scene-details-context';
import { QuickFindHost } from '../../../src/features/quick-find/QuickFindHost';
import { renderWithProviders } from '../../test-utils';
import { searchScene, stubSearch } from './quick-find-fixtures';

function Path() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function renderHost(route: string) {
  const details: SceneDetailsApi = { open: vi.fn(), openEdit: vi.fn(), close: vi.fn(), currentId: null };
  const rendered = renderWithProviders(
    <SceneDetailsContext.Provider value={details}>
      <QuickFindHost />
      <Path />
    </SceneDetailsContext.Provider>,
    { route },
  );
  return { ...rendered, details, user: userEvent.setup() };
}

describe('quick find in the app', () => {
  it("opens with '?', and a picked result opens its details on the scenes route", async () => {
    const scene = searchScene({ id: 42, title: 'Found it' });
    stubSearch(() => [scene]);
    const { details, user, queryClient } = renderHost('/files');
    expect(screen.queryByRole('dialog', { name: 'Quick find' })).not.toBeInTheDocument();

    await user.keyboard('?');
    const input = await screen.findByRole('textbox', { name: 'Search' });
    await waitFor(() => expect(input).toHaveFocus());
    await user.keyboard('found?');
    expect(input).toHaveValue('found?');
    await screen.findByRole('option', { name: /Found it/ });
    await user.keyboard('{ArrowDown}{Enter}');

    expect(details.open).toHaveBeenCalledWith(42);
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/$/);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Quick find' })).not.toBeInTheDocument());
    expect(queryClient.getQueryData<Scene>(sceneKeys.detail(42))?.title).toBe('Found it');

    // Opening again shows the last search, its text selected so typing replaces it.
    await user.keyboard('?');
    const again = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Search' });
    expect(again).toHaveValue('found?');
    await waitFor(() => expect([again.selectionStart, again.selectionEnd]).toEqual([0, 6]));
    expect(screen.getByRole('option', { name: /Found it/ })).toBeInTheDocument();
  });

  it('keeps the scene already cached for the details', async () => {
    const cached = searchScene({ id: 42, title: 'Cached copy' });
    stubSearch(() => [searchScene({ id: 42, title: 'Search copy' })]);
    const { details, user, queryClient } = renderHost('/');
    queryClient.setQueryData(sceneKeys.detail(42), cached);

    await user.keyboard('?');
    await user.type(await screen.findByRole('textbox', { name: 'Search' }), 'copy');
    await user.click(await screen.findByRole('option', { name: /Search copy/ }));

    expect(details.open).toHaveBeenCalledWith(42);
    expect(queryClient.getQueryData<Scene>(sceneKeys.detail(42))?.title).toBe('Cached copy');
  });
});
