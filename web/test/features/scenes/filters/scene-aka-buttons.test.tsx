import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_SCENE_FILTERS,
  parseSceneFilterQuery,
  scenesPath,
} from '../../../../src/features/scenes/scene-filter-model';
import { akaAnswer } from '../../../fixtures/contract-fixtures';
import { currentQ, renderScenesWithFilters, serveScenes } from '../scenes-page-harness';
import type { ServeOptions } from '../scenes-page-harness';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ACTIONS = ['create', 'delete', 'add', 'remove'] as const;
const button = (action: string) => screen.getByTestId(`aka-${action}`);
const shownFilters = () => parseSceneFilterQuery(currentQ());

async function renderWithCast(cast: string[], extra: ServeOptions['extra'] = {}, tags: string[] = []) {
  const served = serveScenes({ extra });
  await renderScenesWithFilters(scenesPath({ ...DEFAULT_SCENE_FILTERS, cast, tags }));
  return served;
}

const sent = (requests: { url: string; body: unknown }[], path: string) =>
  requests.filter((request) => request.url.endsWith(path)).map((request) => request.body);

describe('aka group buttons under the scene cast picker', { timeout: 30_000 }, () => {
  it.each([
    ['nothing chosen', [], []],
    ['one actor', ['Jane Doe'], []],
    ['two actors', ['Jane Doe', '&Zoë'], ['create']],
    ['a group alone', ['aka:Jane Doe,Zoë'], ['delete']],
    ['a group and an actor', ['aka:Jane Doe,Zoë', '!Anna Ärger'], ['add', 'remove']],
    ['two groups', ['aka:A,B', 'aka:C,D'], []],
  ])('are enabled by the cast selection: %s', async (_label, cast, expected) => {
    await renderWithCast(cast);
    expect(ACTIONS.filter((action) => !button(action).hasAttribute('disabled'))).toEqual(expected);
  });

  it('New sends the actors, selects the group (tags untouched) and lists its scenes', async () => {
    const { requests, lists } = await renderWithCast(
      ['Jane Doe', '!Zoë'],
      { 'POST /api/aka/create': { body: akaAnswer('aka:Jane Doe,Zoë') } },
      ['pov'],
    );
    await waitFor(() => expect(sent(requests, '/api/scene/filters')).toHaveLength(1));
    await userEvent.click(button('create'));
    await waitFor(() => expect(shownFilters().cast).toEqual(['aka:Jane Doe,Zoë']));
    expect(shownFilters().tags).toEqual(['pov']);
    expect(sent(requests, '/api/aka/create')).toEqual([{ actorList: ['Jane Doe', 'Zoë'] }]);
    await waitFor(() => expect(lists.some((list) => list.cast?.[0] === 'aka:Jane Doe,Zoë')).toBe(true));
    await waitFor(() => expect(sent(requests, '/api/scene/filters')).toHaveLength(2));
  });

  it('Add warns about a non-empty status and selects the group', async () => {
    const toasts = vi.spyOn(notifications, 'show');
    const { requests } = await renderWithCast(['aka:Jane Doe,Zoë', 'Anna Ärger'], {
      'POST /api/aka/add': {
        body: akaAnswer('aka:Anna Ärger,Jane Doe,Zoë', 'Anna Ärger is in another group'),
      },
    });
    await userEvent.click(button('add'));
    await waitFor(() => expect(shownFilters().cast).toEqual(['aka:Anna Ärger,Jane Doe,Zoë']));
    expect(sent(requests, '/api/aka/add')).toEqual([{ actorList: ['aka:Jane Doe,Zoë', 'Anna Ärger'] }]);
    expect(toasts.mock.calls.map(([toast]) => [toast.message, toast.color, toast.autoClose])).toEqual([
      ['Warning: Anna Ärger is in another group', 'yellow', 5000],
    ]);
  });

  it('Delete asks first, then sends the group and clears the cast selection', async () => {
    const { requests } = await renderWithCast(['aka:Jane Doe,Zoë'], {
      'POST /api/aka/delete': { body: akaAnswer('aka:Jane Doe,Zoë').akas },
    });
    await userEvent.click(button('delete'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(sent(requests, '/api/aka/delete')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(shownFilters().cast).toEqual([]));
    expect(sent(requests, '/api/aka/delete')).toEqual([{ name: 'aka:Jane Doe,Zoë' }]);
  });
});
