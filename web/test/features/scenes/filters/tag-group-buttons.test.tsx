import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MockInstance } from 'vitest';
import {
  DEFAULT_SCENE_FILTERS,
  parseSceneFilterQuery,
  scenesPath,
} from '../../../../src/features/scenes/scene-filter-model';
import { currentQ, renderScenesWithFilters, serveScenes } from '../scenes-page-harness';
import type { ServeOptions } from '../scenes-page-harness';
import { tagGroupAnswer } from './tag-group-fixtures';

let toasts: MockInstance<typeof notifications.show>;
beforeEach(() => {
  toasts = vi.spyOn(notifications, 'show');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ACTIONS = ['create', 'delete', 'add', 'remove', 'rename', 'list'] as const;
const button = (action: string) => screen.getByTestId(`tag-group-${action}`);
const shownTags = () => parseSceneFilterQuery(currentQ()).tags;
/** The toasts shown: text, colour and how long they stay. */
const shownToasts = () => toasts.mock.calls.map(([toast]) => [toast.message, toast.color, toast.autoClose]);

async function renderWithTags(tags: string[], extra: ServeOptions['extra'] = {}) {
  const served = serveScenes({ extra });
  await renderScenesWithFilters(scenesPath({ ...DEFAULT_SCENE_FILTERS, tags }));
  return served;
}

const sent = (requests: { url: string; body: unknown }[], path: string) =>
  requests.filter((request) => request.url.endsWith(path)).map((request) => request.body);

describe('tag group buttons under the tags picker', { timeout: 30_000 }, () => {
  it.each([
    ['nothing chosen', [], []],
    ['one tag', ['pov'], []],
    ['two tags', ['pov', '!anal'], ['create']],
    ['a group alone', ['tag group:Fav'], ['delete', 'rename', 'list']],
    ['a group and a tag', ['tag group:Fav', '&anal'], ['add', 'remove', 'list']],
    ['two groups', ['tag group:A', 'tag group:B'], []],
    ['two tags and a group', ['pov', 'anal', 'tag group:Fav'], ['add', 'remove', 'list']],
  ])('are enabled by the tags selection: %s', async (_label, tags, expected) => {
    await renderWithTags(tags);
    const enabled = ACTIONS.filter((action) => !button(action).hasAttribute('disabled'));
    expect(enabled).toEqual(expected);
  });

  it('New asks for a name (Save disabled while blank), sends the tags and selects the group', async () => {
    const { requests, lists } = await renderWithTags(['pov', '!Blonde'], {
      'POST /api/tag_group/create': { body: tagGroupAnswer('Fav', ['pov', 'Blonde']) },
    });
    await waitFor(() => expect(sent(requests, '/api/scene/filters')).toHaveLength(1));
    await userEvent.click(button('create'));
    const dialog = await screen.findByTestId('group-name-dialog');
    const save = within(dialog).getByTestId('group-name-save');
    expect(save).toBeDisabled();
    expect(within(dialog).getByTestId('group-name-input')).toHaveAttribute('maxlength', '100');
    await userEvent.type(within(dialog).getByTestId('group-name-input'), '   ');
    expect(save).toBeDisabled();
    await userEvent.type(within(dialog).getByTestId('group-name-input'), 'Fav ');
    expect(save).toBeEnabled();
    await userEvent.click(save);
    await waitFor(() => expect(shownTags()).toEqual(['tag group:Fav']));
    expect(sent(requests, '/api/tag_group/create')).toEqual([{ name: 'Fav', tagList: ['pov', 'Blonde'] }]);
    await waitFor(() => expect(screen.queryByTestId('group-name-dialog')).not.toBeInTheDocument());
    // The tag choices are asked again, and the list is asked with the group.
    await waitFor(() => expect(sent(requests, '/api/scene/filters')).toHaveLength(2));
    await waitFor(() => expect(lists.some((list) => list.tags?.[0] === 'tag group:Fav')).toBe(true));
    expect(shownToasts()).toEqual([]);
  });

  it('New shows a refusal as a warning, keeps the selection and the prompt', async () => {
    await renderWithTags(['pov', 'anal'], {
      'POST /api/tag_group/create': {
        body: tagGroupAnswer('', [], 'Error: Tag Group Fav already exists', 0),
      },
    });
    await userEvent.click(button('create'));
    await userEvent.type(await screen.findByTestId('group-name-input'), 'Fav');
    await userEvent.click(screen.getByTestId('group-name-save'));
    await waitFor(() =>
      expect(shownToasts()).toEqual([['Warning: Error: Tag Group Fav already exists', 'yellow', 5000]]),
    );
    expect(shownTags()).toEqual(['pov', 'anal']);
    expect(screen.getByTestId('group-name-dialog')).toBeInTheDocument();
  });

  it('Add sends the group first, warns about a non-empty status and selects the group', async () => {
    const { requests } = await renderWithTags(['tag group:Fav', 'anal', '!pov'], {
      'POST /api/tag_group/add': {
        body: tagGroupAnswer('Fav', ['Blonde', 'anal'], 'Tag pov is already in the group'),
      },
    });
    await userEvent.click(button('add'));
    await waitFor(() => expect(shownTags()).toEqual(['tag group:Fav']));
    expect(sent(requests, '/api/tag_group/add')).toEqual([{ tagList: ['tag group:Fav', 'anal', 'pov'] }]);
    expect(shownToasts()).toEqual([['Warning: Tag pov is already in the group', 'yellow', 5000]]);
  });

  it('Remove sends the group first, selects the group and reloads the list it was shown with', async () => {
    const { requests, lists } = await renderWithTags(['tag group:Fav', 'anal'], {
      'POST /api/tag_group/remove': { body: tagGroupAnswer('Fav', ['Blonde']) },
    });
    const listsOfBefore = () =>
      lists.filter((list) => JSON.stringify(list.tags) === '["tag group:Fav","anal"]').length;
    await waitFor(() => expect(listsOfBefore()).toBe(1));
    await userEvent.click(button('remove'));
    await waitFor(() => expect(shownTags()).toEqual(['tag group:Fav']));
    expect(sent(requests, '/api/tag_group/remove')).toEqual([{ tagList: ['tag group:Fav', 'anal'] }]);
    // Every scene list is refreshed, the one on screen when the change was made included.
    expect(listsOfBefore()).toBe(2);
  });

  it('Rename offers the current name and selects the renamed entry', async () => {
    const { requests } = await renderWithTags(['tag group:Fav'], {
      'POST /api/tag_group/rename': { body: tagGroupAnswer('Best', ['pov']) },
    });
    await userEvent.click(button('rename'));
    const input = await screen.findByTestId('group-name-input');
    expect(input).toHaveValue('Fav');
    await userEvent.clear(input);
    expect(screen.getByTestId('group-name-save')).toBeDisabled();
    await userEvent.type(input, 'Best');
    await userEvent.click(screen.getByTestId('group-name-save'));
    await waitFor(() => expect(shownTags()).toEqual(['tag group:Best']));
    expect(sent(requests, '/api/tag_group/rename')).toEqual([{ name: 'Best', tagList: ['tag group:Fav'] }]);
  });

  it('Rename shows a non-empty status as danger and changes nothing', async () => {
    await renderWithTags(['tag group:Fav'], {
      'POST /api/tag_group/rename': {
        body: tagGroupAnswer('Fav', ['pov'], 'Error: Tag Group Best already exists'),
      },
    });
    await userEvent.click(button('rename'));
    const input = await screen.findByTestId('group-name-input');
    await userEvent.clear(input);
    await userEvent.type(input, 'Best');
    await userEvent.click(screen.getByTestId('group-name-save'));
    await waitFor(() =>
      expect(shownToasts()).toEqual([['Error: Tag Group Best already exists', 'red', 5000]]),
    );
    expect(shownTags()).toEqual(['tag group:Fav']);
  });

  it('Delete asks first, then sends the entry and clears the tags selection', async () => {
    const { requests } = await renderWithTags(['tag group:Fav'], {
      'POST /api/tag_group/delete': { body: tagGroupAnswer('Fav', ['pov']).tag_group },
    });
    await userEvent.click(button('delete'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog).toHaveTextContent('Fav');
    expect(sent(requests, '/api/tag_group/delete')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(shownTags()).toEqual([]));
    expect(sent(requests, '/api/tag_group/delete')).toEqual([{ name: 'tag group:Fav' }]);
  });

  it('List puts the group’s tags in the selection', async () => {
    const { requests } = await renderWithTags(['tag group:Fav', 'anal'], {
      'GET /api/tag_group/tag%20group%3AFav': { body: tagGroupAnswer('Fav', ['pov', 'Blonde']) },
    });
    await userEvent.click(button('list'));
    await waitFor(() => expect(shownTags()).toEqual(['pov', 'Blonde']));
    expect(requests.some((request) => request.url.endsWith('/api/tag_group/tag%20group%3AFav'))).toBe(true);
  });

  it('List shows a non-empty status as danger and changes nothing', async () => {
    await renderWithTags(['tag group:Gone'], {
      'GET /api/tag_group/tag%20group%3AGone': { body: tagGroupAnswer('', [], 'Tag Group Not Found', 0) },
    });
    await userEvent.click(button('list'));
    await waitFor(() => expect(shownToasts()).toEqual([['Tag Group Not Found', 'red', 5000]]));
    expect(shownTags()).toEqual(['tag group:Gone']);
  });
});
