import type { Cuepoint, CuepointBody, Scene } from '@fovea/contract';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { sceneKeys } from '../../../src/api/query-keys';
import CuepointsTab from '../../../src/features/scene-cuepoints/CuepointsTab';
import { mockApi, renderWithProviders } from '../../test-utils';
import type { MockHandler, MockResponse } from '../../test-utils';
import { cuepoint, fullScene } from './scene-fixture';

/** Shows the tab for the scene as the detail cache holds it, as the details overlay does. */
function Harness({ initial, getCurrentTime }: { initial: Scene; getCurrentTime?: () => number | null }) {
  const { data } = useQuery({
    queryKey: sceneKeys.detail(initial.id),
    queryFn: () => initial,
    initialData: initial,
    staleTime: Infinity,
  });
  return <CuepointsTab scene={data} getCurrentTime={getCurrentTime} />;
}

/** A fake server holding one scene's cuepoints; `failAdd` answers 400 to the next cuepoint POST. */
function cuepointServer(scene: Scene, options: { failAdd?: boolean } = {}) {
  let current = scene;
  let nextId = 100;
  const routes: Record<string, MockResponse | MockHandler> = {
    'GET /api/options/cuepoints': {
      body: { positions: ['standing', 'sitting'], actions: ['blowjob', 'cowgirl'] },
    },
    [`GET /api/scene/${scene.id}`]: () => ({ body: current }),
    [`POST /api/scene/${scene.id}/cuepoint`]: ({ body }) => {
      if (options.failAdd)
        return {
          status: 400,
          body: { error: 'Bad Request', message: 'The start time is past the end of the video (0:10:00)' },
        };
      const sent = body as CuepointBody;
      const added: Cuepoint = { id: nextId++, ...sent, time_end: sent.time_end ?? undefined };
      current = { ...current, cuepoints: [...current.cuepoints, added] };
      return { body: current };
    },
  };
  for (let id = 1; id <= 20; id++) {
    routes[`DELETE /api/scene/${scene.id}/cuepoint/${id}`] = () => {
      current = { ...current, cuepoints: current.cuepoints.filter((c) => c.id !== id) };
      return { body: current };
    };
  }
  const requests = mockApi(routes);
  return { requests, now: () => current };
}

const user = () => userEvent.setup({ delay: null });
const rows = () => screen.queryAllByTestId('cuepoint-row');
const button = (name: RegExp) => screen.getByRole('button', { name });

describe('Cuepoints tab', { timeout: 20_000 }, () => {
  it('lists the cuepoints by time, 7 a page', async () => {
    const cuepoints = Array.from({ length: 9 }, (_, i) =>
      cuepoint({ id: i + 1, name: `point-${i + 1}`, time_start: (9 - i) * 60 }),
    );
    cuepointServer(fullScene({ cuepoints }));
    renderWithProviders(<Harness initial={fullScene({ cuepoints })} />);
    expect(rows()).toHaveLength(7);
    expect(within(rows()[0] as HTMLElement).getByText('point-9')).toBeInTheDocument();
    expect(within(rows()[0] as HTMLElement).getByText('00:01:00')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: '2' }));
    expect(rows()).toHaveLength(2);
    expect(within(rows()[1] as HTMLElement).getByText('point-1')).toBeInTheDocument();
  });

  it('runs Add new, Current time, Save edit and Clear on the access keys Alt+A, T, S and C', async () => {
    const cuepoints = [cuepoint({ id: 6, name: 'standing-blowjob', time_start: 30 })];
    const { requests } = cuepointServer(fullScene({ cuepoints }));
    renderWithProviders(<Harness initial={fullScene({ cuepoints })} getCurrentTime={() => 75} />);
    expect(button(/Add new/)).toHaveAttribute('aria-keyshortcuts', 'Alt+A');
    expect(button(/Current time/)).toHaveAttribute('aria-keyshortcuts', 'Alt+T');
    expect(button(/Save edit/)).toHaveAttribute('aria-keyshortcuts', 'Alt+S');
    expect(button(/Clear/)).toHaveAttribute('aria-keyshortcuts', 'Alt+C');
    const u = user();
    const position = screen.getByRole('combobox', { name: 'Position' });
    await u.type(position, 'sitting');
    // The keys work while typing in a field, and only with Alt.
    await u.keyboard('t');
    expect(position).toHaveValue('sittingt');
    await u.keyboard('{Alt>}t{/Alt}');
    expect(screen.getByTestId('cuepoint-time-start')).toHaveValue('00:01:15');
    await u.keyboard('{Alt>}a{/Alt}');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);

    await u.click(screen.getByText('standing-blowjob'));
    await u.clear(screen.getByRole('combobox', { name: 'Action' }));
    await u.type(screen.getByRole('combobox', { name: 'Action' }), 'cowgirl');
    await u.keyboard('{Alt>}s{/Alt}');
    await waitFor(() => expect(screen.getByText('standing-cowgirl')).toBeInTheDocument());
    expect(requests.some((r) => r.method === 'DELETE' && r.url === '/api/scene/42/cuepoint/6')).toBe(true);

    await u.keyboard('{Alt>}c{/Alt}');
    expect(screen.getByRole('combobox', { name: 'Position' })).toHaveValue('');
    expect(screen.getByTestId('cuepoint-time-start')).toHaveValue('00:00:00');
  });

  it('shows each validation message and keeps Add disabled until the rules hold', async () => {
    cuepointServer(fullScene());
    renderWithProviders(<Harness initial={fullScene()} />);
    const u = user();
    expect(button(/Add new/)).toBeDisabled(); // no name yet
    await u.type(screen.getByRole('combobox', { name: 'Position' }), 'standing');
    expect(button(/Add new/)).toBeEnabled();
    expect(button(/Save edit/)).toBeDisabled(); // nothing selected

    const end = screen.getByTestId('cuepoint-time-end');
    await u.type(end, '000130');
    expect(end).toHaveValue('00:01:30');
    expect(screen.getByText('End Time is only valid for HSP Cuepoints')).toBeInTheDocument();
    expect(button(/Add new/)).toBeDisabled();

    await u.type(screen.getByRole('textbox', { name: /Track/ }), '1');
    expect(screen.queryByText('End Time is only valid for HSP Cuepoints')).not.toBeInTheDocument();
    expect(button(/Add new/)).toBeEnabled();
    await u.clear(end);
    expect(screen.getByText('Specify a End Time')).toBeInTheDocument();
    expect(button(/Add new/)).toBeDisabled();

    await u.type(end, '050001');
    expect(screen.getByText('At most 05:00:00')).toBeInTheDocument();
    expect(button(/Add new/)).toBeDisabled();
    await u.clear(end);
    await u.type(end, '050000');
    expect(screen.queryByText('At most 05:00:00')).not.toBeInTheDocument();
    expect(button(/Add new/)).toBeEnabled();

    const start = screen.getByTestId('cuepoint-time-start');
    await u.clear(start);
    await u.type(start, '0100');
    expect(screen.getByText('Use HH:MM:SS (24-hour)')).toBeInTheDocument();
    expect(button(/Add new/)).toBeDisabled();
  });

  it('adds a cuepoint named position-action; Current time fills the start', async () => {
    const { requests } = cuepointServer(fullScene());
    renderWithProviders(<Harness initial={fullScene()} getCurrentTime={() => 754.36} />);
    const u = user();
    await u.type(screen.getByRole('combobox', { name: 'Position' }), 'sitting');
    await u.type(screen.getByRole('combobox', { name: 'Action' }), 'cowgirl');
    await u.click(button(/Current time/));
    expect(screen.getByTestId('cuepoint-time-start')).toHaveValue('00:12:34.4');
    await u.click(button(/Add new/));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      track: null,
      name: 'sitting-cowgirl',
      time_start: 754.4,
      time_end: null,
      rating: 0,
    });
    expect(within(rows()[0] as HTMLElement).getByText('sitting-cowgirl')).toBeInTheDocument();
  });

  it('empties every field after Add new, also after a HereSphere cuepoint', async () => {
    const cuepoints = [
      cuepoint({ id: 2, name: 'sitting-cowgirl', time_start: 90, track: 1, time_end: 150, rating: 4 }),
    ];
    const { requests } = cuepointServer(fullScene({ cuepoints }));
    renderWithProviders(<Harness initial={fullScene({ cuepoints })} />);
    const u = user();
    await u.click(screen.getByText('sitting-cowgirl'));
    const start = screen.getByTestId('cuepoint-time-start');
    await u.clear(start);
    await u.type(start, '000200');
    await u.click(button(/Add new/));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      track: 1,
      name: 'sitting-cowgirl',
      time_start: 120,
      time_end: 150,
      rating: 4,
    });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Position' })).toHaveValue(''));
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /Track/ })).toHaveValue('');
    expect(screen.getByTestId('cuepoint-time-start')).toHaveValue('00:00:00');
    expect(screen.getByTestId('cuepoint-time-end')).toHaveValue('');
    const rated = screen.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked);
    expect(rated.map((radio) => Number((radio as HTMLInputElement).value))).toEqual([0]);
    expect(rows().some((row) => row.getAttribute('aria-selected') === 'true')).toBe(false);
    expect(button(/Add new/)).toBeDisabled();
  });

  it('gives the fields back when the server refuses Add new', async () => {
    cuepointServer(fullScene(), { failAdd: true });
    renderWithProviders(<Harness initial={fullScene()} />);
    const u = user();
    await u.type(screen.getByRole('combobox', { name: 'Position' }), 'kneeling');
    const start = screen.getByTestId('cuepoint-time-start');
    await u.clear(start);
    await u.type(start, '001500');
    await u.click(button(/Add new/));
    expect(
      await screen.findByText('Error: The start time is past the end of the video (0:10:00)'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Position' })).toHaveValue('kneeling');
    expect(screen.getByTestId('cuepoint-time-start')).toHaveValue('00:15:00');
    expect(button(/Add new/)).toBeEnabled();
  });

  it('says "End time must be after start time" for an end at or before the start', async () => {
    cuepointServer(fullScene());
    renderWithProviders(<Harness initial={fullScene()} />);
    const u = user();
    await u.type(screen.getByRole('combobox', { name: 'Position' }), 'standing');
    await u.type(screen.getByRole('textbox', { name: /Track/ }), '1');
    const start = screen.getByTestId('cuepoint-time-start');
    await u.clear(start);
    await u.type(start, '000100');
    const end = screen.getByTestId('cuepoint-time-end');
    await u.type(end, '000100');
    expect(screen.getByText('End time must be after start time')).toBeInTheDocument();
    expect(button(/Add new/)).toBeDisabled();
    await u.clear(end);
    await u.type(end, '000101');
    expect(screen.queryByText('End time must be after start time')).not.toBeInTheDocument();
    expect(button(/Add new/)).toBeEnabled();
  });

  it('Current time is off without a player and ignores a player with nothing playing', async () => {
    cuepointServer(fullScene());
    const { unmount } = renderWithProviders(<Harness initial={fullScene()} />);
    expect(button(/Current time/)).toBeDisabled();
    unmount();
    const getCurrentTime = vi.fn(() => null);
    renderWithProviders(<Harness initial={fullScene()} getCurrentTime={getCurrentTime} />);
    await user().click(button(/Current time/));
    expect(getCurrentTime).toHaveBeenCalled();
    expect(screen.getByTestId('cuepoint-time-start')).toHaveValue('00:00:00');
  });

  it('loads a selected row into the form; Save edit deletes the old cuepoint, then creates the new one', async () => {
    const cuepoints = [
      cuepoint({ id: 1, name: 'standing-blowjob', time_start: 30 }),
      cuepoint({ id: 2, name: 'sitting-cowgirl', time_start: 90, track: 1, time_end: 150, rating: 4 }),
    ];
    const { requests, now } = cuepointServer(fullScene({ cuepoints }));
    renderWithProviders(<Harness initial={fullScene({ cuepoints })} />);
    const u = user();
    await u.click(screen.getByText('sitting-cowgirl'));
    expect(screen.getByRole('combobox', { name: 'Position' })).toHaveValue('sitting');
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveValue('cowgirl');
    expect(screen.getByRole('textbox', { name: /Track/ })).toHaveValue('1');
    expect(screen.getByTestId('cuepoint-time-start')).toHaveValue('00:01:30');
    expect(screen.getByTestId('cuepoint-time-end')).toHaveValue('00:02:30');
    expect(rows()[1]).toHaveAttribute('aria-selected', 'true');

    const action = screen.getByRole('combobox', { name: 'Action' });
    await u.clear(action);
    await u.type(action, 'doggy');
    await u.click(button(/Save edit/));
    await waitFor(() => expect(screen.getByText('sitting-doggy')).toBeInTheDocument());
    const writes = requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`);
    expect(writes).toEqual(['DELETE /api/scene/42/cuepoint/2', 'POST /api/scene/42/cuepoint']);
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      track: 1,
      name: 'sitting-doggy',
      time_start: 90,
      time_end: 150,
      rating: 4,
    });
    expect(screen.queryByText('sitting-cowgirl')).not.toBeInTheDocument();
    expect(now().cuepoints.map((c) => c.name)).toEqual(['standing-blowjob', 'sitting-doggy']);
    // The replacement stays selected, so it can be edited again.
    const replaced = rows().find((row) => within(row).queryByText('sitting-doggy'));
    expect(replaced).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the error and reloads the scene when the create fails after the delete', async () => {
    const cuepoints = [cuepoint({ id: 3, name: 'standing-blowjob', time_start: 30 })];
    const { requests } = cuepointServer(fullScene({ cuepoints }), { failAdd: true });
    renderWithProviders(<Harness initial={fullScene({ cuepoints })} />);
    const u = user();
    await u.click(screen.getByText('standing-blowjob'));
    await u.click(button(/Save edit/));
    expect(
      await screen.findByText('Error: The start time is past the end of the video (0:10:00)'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'GET' && r.url === '/api/scene/42')).toBe(true),
    );
    expect(screen.getByTestId('cuepoint-empty')).toBeInTheDocument();
    expect(button(/Save edit/)).toBeDisabled();
  });

  it('deletes a row with its bin; Clear empties the form', async () => {
    const cuepoints = [cuepoint({ id: 4, name: 'kneeling-blowjob', time_start: 5 })];
    const { requests } = cuepointServer(fullScene({ cuepoints }));
    renderWithProviders(<Harness initial={fullScene({ cuepoints })} />);
    const u = user();
    await u.click(screen.getByText('kneeling-blowjob'));
    expect(screen.getByRole('combobox', { name: 'Position' })).toHaveValue('kneeling');
    await u.click(button(/Clear/));
    expect(screen.getByRole('combobox', { name: 'Position' })).toHaveValue('');
    expect(screen.getByTestId('cuepoint-time-start')).toHaveValue('00:00:00');
    expect(rows()[0]).toHaveAttribute('aria-selected', 'false');
    await u.click(screen.getByRole('button', { name: 'Delete cuepoint kneeling-blowjob' }));
    await waitFor(() => expect(rows()).toHaveLength(0));
    expect(requests.some((r) => r.method === 'DELETE' && r.url === '/api/scene/42/cuepoint/4')).toBe(true);
  });

  it('starts with an empty form when another scene is shown', async () => {
    const cuepoints = [cuepoint({ id: 8, name: 'laying-missionary', time_start: 12 })];
    cuepointServer(fullScene({ cuepoints }));
    function Switcher() {
      const [scene, setScene] = useState(fullScene({ cuepoints }));
      return (
        <>
          <button type="button" onClick={() => setScene(fullScene({ id: 43, cuepoints: [] }))}>
            next scene
          </button>
          <Harness initial={scene} />
        </>
      );
    }
    renderWithProviders(<Switcher />);
    const u = user();
    await u.click(screen.getByText('laying-missionary'));
    expect(screen.getByRole('combobox', { name: 'Position' })).toHaveValue('laying');
    await u.click(screen.getByRole('button', { name: 'next scene' }));
    expect(await screen.findByTestId('cuepoint-empty')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Position' })).toHaveValue('');
  });
});
