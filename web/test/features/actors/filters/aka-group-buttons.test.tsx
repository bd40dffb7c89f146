import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ACTOR_FILTERS, actorsPath } from '../../../../src/features/actors/actor-filter-model';
import { akaAnswer } from '../../../fixtures/contract-fixtures';
import { renderSidebar, serveSidebar, shownFilters } from './actor-filter-harness';

afterEach(() => {
  vi.unstubAllGlobals();
});

const withCast = (cast: string[]) => actorsPath({ ...DEFAULT_ACTOR_FILTERS, cast });
const button = (testId: string) => screen.getByTestId(testId);

function enabled(): Record<string, boolean> {
  return Object.fromEntries(
    ['aka-create', 'aka-delete', 'aka-add', 'aka-remove'].map((id) => [
      id,
      !button(id).hasAttribute('disabled'),
    ]),
  );
}

describe('aka group buttons', { timeout: 30_000 }, () => {
  it.each([
    ['nothing chosen', [], { create: false, remove: false, members: false }],
    ['one actor', ['Ann Able'], { create: false, remove: false, members: false }],
    ['two actors', ['Ann Able', '!Bea Bold'], { create: true, remove: false, members: false }],
    ['a group alone', ['aka:Ann Able,Bea Bold'], { create: false, remove: true, members: false }],
    [
      'a group and an actor',
      ['aka:Ann Able,Bea Bold', 'Cat Calm'],
      { create: false, remove: false, members: true },
    ],
    ['two groups', ['aka:A,B', 'aka:C,D'], { create: false, remove: false, members: false }],
    [
      'two actors and a group',
      ['Ann Able', 'Cat Calm', 'aka:A,B'],
      { create: false, remove: false, members: true },
    ],
  ])('are enabled by the cast selection: %s', (_label, cast, expected) => {
    serveSidebar();
    renderSidebar(withCast(cast));
    expect(enabled()).toEqual({
      'aka-create': expected.create,
      'aka-delete': expected.remove,
      'aka-add': expected.members,
      'aka-remove': expected.members,
    });
  });

  it('New sends the actor names and the group name replaces the selection', async () => {
    const requests = serveSidebar([], {
      'POST /api/aka/create': { body: akaAnswer('aka:Ann Able,Bea Bold') },
    });
    renderSidebar(withCast(['Ann Able', '!Bea Bold']));
    await userEvent.click(button('aka-create'));
    await waitFor(() => expect(shownFilters().cast).toEqual(['aka:Ann Able,Bea Bold']));
    const sent = requests.find((request) => request.url.endsWith('/api/aka/create'));
    expect(sent?.body).toEqual({ actorList: ['Ann Able', 'Bea Bold'] });
  });

  it('Add sends the group first, shows a non-empty status as a warning and selects the group', async () => {
    const requests = serveSidebar([], {
      'POST /api/aka/add': {
        body: akaAnswer('aka:Ann Able,Bea Bold,Cat Calm', 'Cat Calm is in another group'),
      },
    });
    renderSidebar(withCast(['aka:Ann Able,Bea Bold', 'Cat Calm']));
    await userEvent.click(button('aka-add'));
    expect(await screen.findByText('Warning: Cat Calm is in another group')).toBeInTheDocument();
    await waitFor(() => expect(shownFilters().cast).toEqual(['aka:Ann Able,Bea Bold,Cat Calm']));
    const sent = requests.find((request) => request.url.endsWith('/api/aka/add'));
    expect(sent?.body).toEqual({ actorList: ['aka:Ann Able,Bea Bold', 'Cat Calm'] });
  });

  it('Remove keeps the selection when nothing was done ("Error: ..." and a zero group)', async () => {
    const requests = serveSidebar([], {
      'POST /api/aka/remove': { body: akaAnswer('', 'Error: a group needs two members', 0) },
    });
    renderSidebar(withCast(['aka:Ann Able,Bea Bold', 'Bea Bold']));
    await userEvent.click(button('aka-remove'));
    expect(await screen.findByText('Warning: Error: a group needs two members')).toBeInTheDocument();
    expect(shownFilters().cast).toEqual(['aka:Ann Able,Bea Bold', 'Bea Bold']);
    expect(requests.some((request) => request.url.endsWith('/api/aka/remove'))).toBe(true);
  });

  it('Delete asks first, then sends the group name and clears the cast selection', async () => {
    const requests = serveSidebar([], {
      'POST /api/aka/delete': { body: akaAnswer('aka:Ann Able,Bea Bold').akas },
    });
    renderSidebar(withCast(['aka:Ann Able,Bea Bold']));
    await userEvent.click(button('aka-delete'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(requests.some((request) => request.url.endsWith('/api/aka/delete'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(shownFilters().cast).toEqual([]));
    const sent = requests.find((request) => request.url.endsWith('/api/aka/delete'));
    expect(sent?.body).toEqual({ name: 'aka:Ann Able,Bea Bold' });
  });

  it('refreshes the cast choices after a change', async () => {
    const requests = serveSidebar([], {
      'POST /api/aka/create': { body: akaAnswer('aka:Ann Able,Bea Bold') },
    });
    renderSidebar(withCast(['Ann Able', 'Bea Bold']));
    await waitFor(() => expect(requests.filter((r) => r.url.endsWith('/api/actor/filters'))).toHaveLength(1));
    await userEvent.click(button('aka-create'));
    await waitFor(() => expect(requests.filter((r) => r.url.endsWith('/api/actor/filters'))).toHaveLength(2));
  });

  it('warns when a named actor no longer exists (create answers 404)', async () => {
    serveSidebar([], {
      'POST /api/aka/create': { status: 404, body: akaAnswer('', 'Error: Actor Ann Able not found', 0) },
    });
    renderSidebar(withCast(['Ann Able', 'Bea Bold']));
    await userEvent.click(button('aka-create'));
    expect(
      await screen.findByText('Warning: an actor in the selection no longer exists'),
    ).toBeInTheDocument();
    expect(shownFilters().cast).toEqual(['Ann Able', 'Bea Bold']);
  });
});
