import type { Scene } from '@fovea/contract';
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { sceneKeys } from '../../../../src/api/query-keys';
import { flipSceneFlag, useToggleSceneFlag } from '../../../../src/api/queries/scene-flags';
import { createTestQueryClient } from '../../../test-utils';
import { GridFromCache, cardScene, listedScenes, renderWithDetails, seedList } from './card-fixtures';

interface PendingCall {
  url: string;
  body: unknown;
  respond(status: number, body?: unknown): Promise<void>;
}

/** fetch answering only when the test says so, to look at the state while calls are in flight. */
function deferredFetch(): PendingCall[] {
  const calls: PendingCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((resolve) => {
          calls.push({
            url: String(input),
            body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
            respond: async (status, body) => {
              await act(async () => {
                resolve(new Response(body === undefined ? '' : JSON.stringify(body), { status }));
                // The answer goes through fetch, the mutation and the cache's batched notification.
                for (let tick = 0; tick < 5; tick += 1) await new Promise((done) => setTimeout(done, 0));
              });
            },
          });
        }),
    ),
  );
  return calls;
}

function renderGrid(scenes: Scene[]) {
  const queryClient = createTestQueryClient();
  seedList(queryClient, scenes);
  const view = renderWithDetails(<GridFromCache />, queryClient);
  return { ...view, queryClient };
}

function nth<T>(items: T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

function tile(id: number) {
  const element = document.querySelector<HTMLElement>(`[data-scene-id="${id}"]`);
  if (element === null) throw new Error(`no card for scene ${id}`);
  return within(element);
}
const favouriteButton = (id: number) => tile(id).getByRole('button', { name: /favourites/ });
const listed = (client: ReturnType<typeof createTestQueryClient>, id: number) =>
  nth(
    listedScenes(client).filter((scene) => scene.id === id),
    0,
  );

describe('flag toggles on cards', () => {
  it('flips at once, sends the string scene_id and list, and keeps the flip on success', async () => {
    const calls = deferredFetch();
    const user = userEvent.setup();
    const { queryClient } = renderGrid([cardScene({ id: 1, scene_id: 'studio-1' }), cardScene({ id: 2 })]);
    queryClient.setQueryData(sceneKeys.detail(1), cardScene({ id: 1, scene_id: 'studio-1' }));

    await user.click(favouriteButton(1));
    expect(favouriteButton(1)).toHaveAttribute('aria-pressed', 'true');
    expect(favouriteButton(1)).toHaveAccessibleName('Remove from favourites');
    expect(queryClient.getQueryData<Scene>(sceneKeys.detail(1))?.favourite).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/scene/toggle');
    expect(calls[0]?.body).toEqual({ scene_id: 'studio-1', list: 'favourite' });

    await nth(calls, 0).respond(200);
    expect(favouriteButton(1)).toHaveAttribute('aria-pressed', 'true');
    expect(listed(queryClient, 1).favourite).toBe(true);
    expect(listed(queryClient, 2).favourite).toBe(false);
  });

  it('rolls back and shows a danger toast when the server refuses', async () => {
    const calls = deferredFetch();
    const user = userEvent.setup();
    renderGrid([cardScene({ id: 1, title: 'Sunny day', watchlist: true })]);
    const watchlist = () => tile(1).getByRole('button', { name: /watchlist/ });

    await user.click(watchlist());
    expect(watchlist()).toHaveAttribute('aria-pressed', 'false');
    await nth(calls, 0).respond(500, { error: 'Internal Server Error', message: 'boom' });
    expect(watchlist()).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('The change to “Sunny day” was not saved.')).toBeInTheDocument();
  });

  it('ends rapid double clicks in the server state', async () => {
    const calls = deferredFetch();
    const user = userEvent.setup();
    const { queryClient } = renderGrid([cardScene({ id: 1 })]);

    await user.click(favouriteButton(1));
    await user.click(favouriteButton(1));
    expect(favouriteButton(1)).toHaveAttribute('aria-pressed', 'false');
    expect(calls.map((call) => call.body)).toEqual([
      { scene_id: 'studio-1', list: 'favourite' },
      { scene_id: 'studio-1', list: 'favourite' },
    ]);
    await nth(calls, 1).respond(200);
    await nth(calls, 0).respond(200);
    expect(favouriteButton(1)).toHaveAttribute('aria-pressed', 'false');

    // Two more clicks; the first call is refused: the server flipped once, so the flag ends set.
    await user.click(favouriteButton(1));
    await user.click(favouriteButton(1));
    await nth(calls, 2).respond(500, { error: 'Internal Server Error', message: 'boom' });
    await nth(calls, 3).respond(200);
    expect(favouriteButton(1)).toHaveAttribute('aria-pressed', 'true');
    expect(listed(queryClient, 1).favourite).toBe(true);
  });

  it('does not flip the wishlist of an available scene (the server would not)', async () => {
    const calls = deferredFetch();
    const queryClient = createTestQueryClient();
    const scene = cardScene({ id: 1, is_available: true });
    seedList(queryClient, [scene]);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useToggleSceneFlag(), { wrapper });
    act(() => result.current.mutate({ scene, list: 'wishlist' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(listed(queryClient, 1).wishlist).toBe(false);
    act(() => result.current.mutate({ scene, list: 'watched' }));
    await waitFor(() => expect(listed(queryClient, 1).is_watched).toBe(true));
  });

  it('maps every list to its scene field', () => {
    const scene = cardScene();
    expect(flipSceneFlag(scene, 'watched').is_watched).toBe(true);
    expect(flipSceneFlag(scene, 'is_hidden').is_hidden).toBe(true);
    expect(flipSceneFlag(scene, 'needs_update').needs_update).toBe(true);
    expect(flipSceneFlag(scene, 'trailerlist').trailerlist).toBe(true);
    expect(flipSceneFlag(flipSceneFlag(scene, 'favourite'), 'favourite')).toEqual(scene);
  });
});

describe('rating on cards', () => {
  it('shows the rating at once, sends it, and takes the answered scene', async () => {
    const calls = deferredFetch();
    const { queryClient } = renderGrid([cardScene({ id: 3, star_rating: 2 })]);
    const slider = tile(3).getByRole('slider', { name: 'Rating' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    await waitFor(() => expect(slider).toHaveAttribute('aria-valuenow', '2.5'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.url).toBe('/api/scene/rate/3');
    expect(calls[0]?.body).toEqual({ rating: 2.5 });
    await nth(calls, 0).respond(200, cardScene({ id: 3, star_rating: 2.5, title: 'Renamed' }));
    expect(listed(queryClient, 3).title).toBe('Renamed');
    expect(tile(3).getByRole('slider')).toHaveAttribute('aria-valuenow', '2.5');
  });

  it('resets with 0 and rolls back with a toast when refused', async () => {
    const calls = deferredFetch();
    renderGrid([cardScene({ id: 3, title: 'Sunny day', star_rating: 4 })]);
    const slider = tile(3).getByRole('slider');
    fireEvent.keyDown(slider, { key: '0' });
    await waitFor(() => expect(slider).toHaveAttribute('aria-valuenow', '0'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ rating: 0 });
    await nth(calls, 0).respond(500, { error: 'Internal Server Error', message: 'boom' });
    expect(slider).toHaveAttribute('aria-valuenow', '4');
    expect(await screen.findByText('The rating of “Sunny day” was not saved.')).toBeInTheDocument();
  });

  it('keeps the newest of quick ratings, and the confirmed one when the newest is refused', async () => {
    const calls = deferredFetch();
    renderGrid([cardScene({ id: 3, star_rating: 1 })]);
    const slider = tile(3).getByRole('slider');
    fireEvent.keyDown(slider, { key: '3' });
    fireEvent.keyDown(slider, { key: '4' });
    await waitFor(() => expect(calls).toHaveLength(2));
    await nth(calls, 0).respond(200, cardScene({ id: 3, star_rating: 3 }));
    expect(slider).toHaveAttribute('aria-valuenow', '4');
    await nth(calls, 1).respond(200, cardScene({ id: 3, star_rating: 4 }));
    expect(slider).toHaveAttribute('aria-valuenow', '4');

    fireEvent.keyDown(slider, { key: '2' });
    fireEvent.keyDown(slider, { key: '5' });
    await waitFor(() => expect(calls).toHaveLength(4));
    await nth(calls, 3).respond(500, { error: 'Internal Server Error', message: 'boom' });
    expect(slider).toHaveAttribute('aria-valuenow', '5');
    await nth(calls, 2).respond(200, cardScene({ id: 3, star_rating: 2 }));
    expect(slider).toHaveAttribute('aria-valuenow', '2');
  });
});
