import type { Actor } from '@fovea/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { actorFixture, baseScene } from '../../fixtures/contract-fixtures';
import { optionsState, renderWithProviders } from '../../test-utils';
import { ActorOpener, actorServer, profileActor, stashdbExtref } from './actor-details-fixtures';

vi.mock('../../../src/features/actor-edit/ActorEditDialog', () => ({
  default: function ActorEditDialogMock({
    actorId,
    onClose,
  }: {
    actorId: number | null;
    onClose: () => void;
  }) {
    return (
      <div role="dialog" aria-label={`Edit actor ${String(actorId)}`}>
        <button type="button" onClick={onClose}>
          close edit
        </button>
      </div>
    );
  },
}));

vi.mock('../../../src/features/stashdb-actor-search/StashdbActorSearchDialog', () => ({
  default: function StashdbActorSearchDialogMock({ actor, onClose }: { actor: Actor; onClose: () => void }) {
    return (
      <div role="dialog" aria-label={`StashDB search ${actor.name}`}>
        <button type="button" onClick={onClose}>
          close search
        </button>
      </div>
    );
  },
}));

const user = () => userEvent.setup({ delay: null });
const overlay = () => screen.findByTestId('actor-details', {}, { timeout: 5000 });
const calls = (requests: { method: string; url: string; body: unknown }[], url: string) =>
  requests.filter((request) => request.url === url);

async function openActor(actorId: number, siblings?: number[]) {
  const u = user();
  renderWithProviders(<ActorOpener actorId={actorId} options={siblings ? { siblings } : undefined} />);
  await u.click(screen.getByRole('button', { name: 'open actor' }));
  await overlay();
  await screen.findByTestId('actor-details-name', {}, { timeout: 5000 });
  return u;
}

afterEach(() => {
  window.location.hash = '';
  vi.clearAllMocks();
});

describe('actor details overlay', { timeout: 20_000 }, () => {
  it('shows the profile: name, birth day, facts with the flag, biography, ratings and tab counts', async () => {
    const actor = profileActor();
    actorServer({
      actors: [actor],
      extrefs: { 7: [stashdbExtref(7)] },
      colleagues: {
        7: [
          { ...actorFixture({ id: 8, name: 'Bob' }), shared_scenes: 1 },
          { ...actorFixture({ id: 9, name: 'Cleo' }), shared_scenes: 1 },
        ],
      },
    });
    await openActor(7);
    expect(screen.getByTestId('actor-details-name')).toHaveTextContent('Alice Example');
    expect(screen.getByTestId('actor-details-born')).toHaveTextContent('1995-08-01');
    expect(screen.getByTestId('actor-fact-age')).toHaveTextContent('(born 1995-08-01)');
    expect(await screen.findByTestId('actor-flag')).toHaveAttribute('src', '/flags/gb.svg');
    expect(screen.getByTestId('actor-fact-nationality')).toHaveTextContent('United Kingdom');
    expect(screen.getByTestId('actor-fact-height')).toHaveTextContent(/^170 cm$/);
    expect(screen.getByTestId('actor-fact-weight')).toHaveTextContent(/^55 kg$/);
    expect(screen.getByTestId('actor-fact-measurements')).toHaveTextContent(/^34C-24-34 in · 86-61-86 cm$/);
    expect(screen.getByTestId('actor-fact-active')).toHaveTextContent('2015-2020');
    expect(screen.getByTestId('actor-fact-aliases')).toHaveTextContent('Ally, A. Example');
    expect(screen.getByTestId('actor-fact-tattoos')).toHaveTextContent('Rose on the left ankle');
    expect(screen.queryByTestId('actor-fact-piercings')).not.toBeInTheDocument();
    expect(screen.getByTestId('actor-biography')).toHaveTextContent('Alice grew up by the sea.');
    expect(screen.getByRole('slider', { name: 'Your rating' })).toHaveAttribute('aria-valuenow', '3.5');
    expect(screen.getByTestId('actor-scene-average')).toHaveTextContent('4.25');
    expect(screen.getByRole('tab', { name: 'Scenes (5)' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Colleagues (2)' })).toBeInTheDocument();
    // Two urls and the StashDB performer; one scraper url and the StashDB performer.
    expect(await screen.findByRole('tab', { name: 'Links (3)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Scrapers (2)' })).toBeInTheDocument();
    expect(screen.getByTestId('actor-gallery')).toHaveAttribute('data-slides', '2');
    expect(screen.queryByRole('button', { name: 'Previous actor' })).not.toBeInTheDocument();
  });

  it('adds feet/inches and pounds when the imperial option is on', async () => {
    actorServer({
      actors: [profileActor()],
      options: optionsState({ advanced: { ...optionsState().config.advanced, useImperialEntry: true } }),
    });
    await openActor(7);
    await waitFor(() => expect(screen.getByTestId('actor-fact-height')).toHaveTextContent('170 cm · 5\' 7"'));
    expect(screen.getByTestId('actor-fact-weight')).toHaveTextContent('55 kg · 121 lb');
    expect(screen.getByTestId('actor-fact-measurements')).toHaveTextContent(/^34C-24-34 in$/);
  });

  it('F, W and 0 flip the flags and reset the rating at once; O/P step through the siblings; Esc closes', async () => {
    const { requests } = actorServer({
      actors: [profileActor(), profileActor({ id: 8, name: 'Bob' }), profileActor({ id: 9, name: 'Cleo' })],
    });
    const u = await openActor(8, [7, 8, 9]);
    const favourite = screen.getByRole('button', { name: /Add to favourites/ });
    expect(favourite).toHaveAttribute('aria-pressed', 'false');
    await u.keyboard('f');
    expect(screen.getByRole('button', { name: /Remove from favourites/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await u.keyboard('w');
    expect(screen.getByRole('button', { name: /Remove from watchlist/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() =>
      expect(calls(requests, '/api/actor/toggle').map((request) => request.body)).toEqual([
        { actor_id: 8, list: 'favourite' },
        { actor_id: 8, list: 'watchlist' },
      ]),
    );
    await u.keyboard('0');
    expect(screen.getByRole('slider', { name: 'Your rating' })).toHaveAttribute('aria-valuenow', '0');
    await waitFor(() =>
      expect(calls(requests, '/api/actor/rate/8?with_scenes=false').map((r) => r.body)).toEqual([
        { rating: 0 },
      ]),
    );

    await u.keyboard('p');
    await waitFor(() => expect(screen.getByTestId('actor-details-name')).toHaveTextContent('Cleo'));
    expect(screen.getByTestId('current-actor')).toHaveTextContent('9');
    expect(screen.queryByRole('button', { name: 'Next actor' })).not.toBeInTheDocument();
    await u.keyboard('p');
    expect(screen.getByTestId('current-actor')).toHaveTextContent('9');
    await u.keyboard('o');
    await u.keyboard('o');
    await waitFor(() => expect(screen.getByTestId('actor-details-name')).toHaveTextContent('Alice Example'));
    await u.click(screen.getByRole('button', { name: 'Next actor' }));
    await waitFor(() => expect(screen.getByTestId('current-actor')).toHaveTextContent('8'));

    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('actor-details')).not.toBeInTheDocument());
    expect(screen.getByTestId('current-actor')).toHaveTextContent('null');
  });

  it('rolls a refused flag back with a message', async () => {
    actorServer({
      actors: [profileActor()],
      extra: { 'POST /api/actor/toggle': { status: 500, body: { error: 'x', message: 'boom' } } },
    });
    const u = await openActor(7);
    await u.keyboard('f');
    expect(
      await screen.findByText('Could not change Alice Example; the change was undone.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add to favourites/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('rolls a refused rating back to the rating the server has, with a message', async () => {
    actorServer({
      actors: [profileActor()],
      extra: { 'POST /api/actor/rate/7': { status: 500, body: { error: 'x', message: 'boom' } } },
    });
    const u = await openActor(7);
    await u.keyboard('0');
    expect(
      await screen.findByText('Could not rate Alice Example; the rating was undone.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Your rating' })).toHaveAttribute('aria-valuenow', '3.5');
  });

  it('E opens the edit dialog and S the StashDB search; the details keys wait while one is open', async () => {
    const { requests } = actorServer({ actors: [profileActor()] });
    const u = await openActor(7);
    await u.keyboard('e');
    const edit = await screen.findByRole('dialog', { name: 'Edit actor 7' });
    await u.keyboard('f');
    expect(calls(requests, '/api/actor/toggle')).toHaveLength(0);
    await u.click(within(edit).getByRole('button', { name: 'close edit' }));
    await u.keyboard('s');
    const search = await screen.findByRole('dialog', { name: 'StashDB search Alice Example' });
    await u.click(within(search).getByRole('button', { name: 'close search' }));
    await u.click(screen.getByRole('button', { name: 'Edit actor' }));
    expect(await screen.findByRole('dialog', { name: 'Edit actor 7' })).toBeInTheDocument();
  });

  it('makes the picture shown the main image, or deletes it', async () => {
    const actor = profileActor();
    const second = 'https://img.example/alice-2.jpg';
    const { requests } = actorServer({
      actors: [actor],
      extra: {
        'POST /api/actor/setimage': { body: { ...actor, image_url: second } },
        'DELETE /api/actor/delimage': { body: { ...actor, image_arr: JSON.stringify([actor.image_url]) } },
      },
    });
    const u = await openActor(7);
    expect(screen.getByRole('button', { name: 'Set as main image' })).toBeDisabled();
    await u.keyboard('{ArrowRight}');
    expect(screen.getByTestId('actor-gallery')).toHaveAttribute('data-slide', '1');
    await u.click(screen.getByRole('button', { name: 'Set as main image' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Set as main image' })).toBeDisabled());
    expect(calls(requests, '/api/actor/setimage?with_scenes=false').map((r) => r.body)).toEqual([
      { actor_id: 7, url: second },
    ]);
    await u.click(screen.getByRole('button', { name: 'Delete image' }));
    await waitFor(() => expect(screen.getByTestId('actor-gallery')).toHaveAttribute('data-slides', '1'));
    expect(calls(requests, '/api/actor/delimage?with_scenes=false').map((r) => [r.method, r.body])).toEqual([
      ['DELETE', { actor_id: 7, url: second }],
    ]);
  });

  it('deletes the actor after confirmation and closes', async () => {
    const { requests } = actorServer({ actors: [profileActor()] });
    const u = await openActor(7);
    await u.click(screen.getByRole('button', { name: 'Delete actor' }));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('The actor will be deleted.');
    await u.click(within(confirm).getByRole('button', { name: 'Delete actor' }));
    await waitFor(() => expect(screen.queryByTestId('actor-details')).not.toBeInTheDocument());
    expect(calls(requests, '/api/actor/delete/7').map((r) => r.method)).toEqual(['DELETE']);
  });

  it('says an unknown actor is not found, and its close button closes', async () => {
    actorServer({ actors: [], extra: { 'GET /api/actor/5': { body: actorFixture({ id: 0, name: '' }) } } });
    const u = user();
    renderWithProviders(<ActorOpener actorId={5} />);
    await u.click(screen.getByRole('button', { name: 'open actor' }));
    const notFound = await screen.findByTestId('actor-details-not-found');
    expect(notFound).toHaveTextContent('There is no such actor');
    expect(screen.getByTestId('current-actor')).toHaveTextContent('5');
    await u.click(within(notFound).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('current-actor')).toHaveTextContent('null'));
    expect(screen.queryByTestId('actor-details')).not.toBeInTheDocument();
  });
});

describe('actor details tabs', { timeout: 20_000 }, () => {
  it('lists colleagues with their shared scenes; a colleague opens', async () => {
    const actor = profileActor();
    const bob = profileActor({ id: 8, name: 'Bob' });
    const { requests } = actorServer({
      actors: [actor, bob],
      colleagues: { 7: [{ ...bob, scenes: [], shared_scenes: 3 }] },
    });
    const u = await openActor(7);
    await u.click(await screen.findByRole('tab', { name: 'Colleagues (1)' }));
    const tile = await screen.findByRole('button', { name: 'Open the details of Bob' });
    expect(tile).toHaveTextContent('3 shared scenes');
    // The lean form: the tab needs the counts, not every shared scene.
    expect(requests.some((r) => r.url.endsWith('/api/actor/colleagues/7?with_scenes=false'))).toBe(true);
    await u.click(tile);
    await waitFor(() => expect(screen.getByTestId('actor-details-name')).toHaveTextContent('Bob'));
    expect(screen.getByTestId('current-actor')).toHaveTextContent('8');
  });

  it('draws the first 60 colleagues and the rest on request', async () => {
    const many = Array.from({ length: 61 }, (_, i) => ({
      ...actorFixture({ id: 100 + i, name: `Costar ${i}` }),
      shared_scenes: 61 - i,
    }));
    actorServer({ actors: [profileActor()], colleagues: { 7: many } });
    const u = await openActor(7);
    await u.click(await screen.findByRole('tab', { name: 'Colleagues (61)' }));
    await waitFor(() => expect(screen.getAllByTestId('actor-colleague-tile')).toHaveLength(60));
    await u.click(screen.getByRole('button', { name: 'Show all 61 colleagues' }));
    await waitFor(() => expect(screen.getAllByTestId('actor-colleague-tile')).toHaveLength(61));
    expect(screen.queryByRole('button', { name: 'Show all 61 colleagues' })).not.toBeInTheDocument();
  });

  it('shows aka groups, their members and possible akas', async () => {
    const group = actorFixture({ id: 50, name: 'aka:Alice Example,Ally' });
    actorServer({
      actors: [
        profileActor({ aka_groups: [{ id: 3, name: 'Alice Example,Ally', aka_actor_id: 50 }] }),
        group,
      ],
      akas: {
        7: {
          aka_groups: [{ ...group, scenes: null }],
          actors: [{ ...actorFixture({ id: 11, name: 'Ally', count: 2, avail_count: 1 }), scenes: null }],
          possible_akas: [{ ...actorFixture({ id: 12, name: 'Alicia' }), scenes: null }],
        },
      },
    });
    const u = await openActor(7);
    expect(screen.getByRole('button', { name: 'Open the aka group Alice Example,Ally' })).toBeInTheDocument();
    await u.click(screen.getByRole('tab', { name: 'Akas' }));
    expect(await screen.findByTestId('actor-akas-groups')).toHaveTextContent('aka:Alice Example,Ally');
    expect(screen.getByTestId('actor-akas-members')).toHaveTextContent('Ally2 scenes, 1 available');
    expect(screen.getByTestId('actor-akas-possible')).toHaveTextContent('Alicia');
    await u.click(screen.getByRole('button', { name: 'Open the details of aka:Alice Example,Ally' }));
    await waitFor(() => expect(screen.getByTestId('current-actor')).toHaveTextContent('50'));
  });

  it('lists the links and the scraper sources with their day; all open in a new window', async () => {
    actorServer({ actors: [profileActor()], extrefs: { 7: [stashdbExtref(7)] } });
    const u = await openActor(7);
    await u.click(await screen.findByRole('tab', { name: 'Links (3)' }));
    const links = within(await screen.findByTestId('actor-links')).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://vrhush.example/models/alice',
      'https://social.example/alice',
      'https://stashdb.org/performers/abc-123',
    ]);
    expect(links.every((link) => link.getAttribute('target') === '_blank')).toBe(true);
    await u.click(screen.getByRole('tab', { name: 'Scrapers (2)' }));
    const scrapers = await screen.findByTestId('actor-scrapers');
    const rows = within(scrapers).getAllByTestId('actor-link');
    expect(rows.map((row) => row.textContent)).toEqual([
      'vrhush scrapehttps://vrhush.example/models/aliceNot scraped yet',
      'stashdb performerhttps://stashdb.org/performers/abc-123Updated 2025-03-04',
    ]);
  });

  it('shows the actor`s scenes from the scene list filtered by the actor; a card opens the scene', async () => {
    const scene = baseScene({ id: 100, title: 'Lake day', cast: [] });
    const { requests } = actorServer({
      actors: [profileActor()],
      scenes: [scene],
      extra: {
        'GET /api/scene/100': { body: scene },
        'GET /api/scene/alternate_source/100': { body: null },
      },
    });
    const u = await openActor(7);
    await u.click(screen.getByRole('tab', { name: 'Scenes (5)' }));
    const card = await screen.findByRole('button', { name: 'Show the details of Lake day' });
    const list = calls(requests, '/api/scene/list')[0]?.body as {
      cast: string[];
      dlState: string;
      sort: string;
    };
    expect(list).toMatchObject({ cast: ['Alice Example'], dlState: 'any', sort: 'release_desc' });
    await u.click(card);
    // The scene details load on first use.
    expect(await screen.findByTestId('scene-details', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
