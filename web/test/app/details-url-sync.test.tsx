import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DetailsUrlSync } from '../../src/app/details-url/DetailsUrlSync';
import { useActorDetails } from '../../src/features/actor-details/actor-details-context';
import { useSceneDetails } from '../../src/features/scene-details/scene-details-context';
import { actorFixture, baseScene } from '../fixtures/contract-fixtures';
import { mockApi, optionsState, renderWithProviders } from '../test-utils';

/** Scenes 9 and 10 and actor 7 exist; every other id answers the zero item, as the server does. */
function serve() {
  const scene = (id: number) => baseScene({ id, scene_id: `studio-${id}`, title: `Scene ${id}` });
  mockApi({
    'GET /api/options/state': { body: optionsState() },
    'GET /api/actor/countrylist': { body: [] },
    'GET /api/scene/9': { body: scene(9) },
    'GET /api/scene/10': { body: scene(10) },
    'GET /api/scene/404': { body: baseScene({ id: 0 }) },
    'GET /api/actor/7': { body: actorFixture({ id: 7, name: 'Alice Example' }) },
    'GET /api/actor/999': { body: actorFixture({ id: 0, name: '' }) },
  });
}

/** Where the router is, with the browser's Back and Forward, and buttons that open overlays as the lists do. */
function Harness() {
  const location = useLocation();
  const navigate = useNavigate();
  const scenes = useSceneDetails();
  const actors = useActorDetails();
  return (
    <>
      <DetailsUrlSync />
      <output data-testid="address">{`${location.pathname}${location.search}`}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        browser back
      </button>
      <button type="button" onClick={() => void navigate(1)}>
        browser forward
      </button>
      <button type="button" onClick={() => void navigate('/files')}>
        go to files
      </button>
      <button type="button" onClick={() => scenes.open(9, { siblings: [9, 10] })}>
        open scene 9
      </button>
      <button type="button" onClick={() => actors.open(7)}>
        open actor 7
      </button>
      <output data-testid="shown">{`scene ${String(scenes.currentId)} actor ${String(actors.currentId)}`}</output>
    </>
  );
}

const address = () => screen.getByTestId('address');
const shown = () => screen.getByTestId('shown');
const click = (name: string) => userEvent.click(screen.getByRole('button', { name }));

async function sceneTitle(title: string) {
  const overlay = await screen.findByTestId('scene-details');
  await waitFor(() => expect(overlay).toHaveAttribute('data-status', 'ready'));
  expect(within(overlay).getAllByText(title)[0]).toBeInTheDocument();
}

describe('the address of the details overlays', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names an opened scene over the page query, replaces it on next, and Back closes it', async () => {
    serve();
    renderWithProviders(<Harness />, { route: '/files?q=abc' });
    await click('open scene 9');
    await waitFor(() => expect(address()).toHaveTextContent('/files?q=abc&scene_id=9'));
    await sceneTitle('Scene 9');

    await click('Next scene');
    await waitFor(() => expect(address()).toHaveTextContent('/files?q=abc&scene_id=10'));
    await sceneTitle('Scene 10');

    // Next replaced the entry: one Back leaves the overlay, onto the page as it was.
    await click('browser back');
    await waitFor(() => expect(address()).toHaveTextContent(/^\/files\?q=abc$/));
    await waitFor(() => expect(shown()).toHaveTextContent('scene null actor null'));
    expect(screen.queryByTestId('scene-details')).not.toBeInTheDocument();

    // Forward shows it again, with the list it was opened from (previous/next).
    await click('browser forward');
    await waitFor(() => expect(shown()).toHaveTextContent('scene 10 actor null'));
    expect(await screen.findByRole('button', { name: 'Previous scene' })).toBeInTheDocument();
  });

  it('closing goes back to the entry before, so Back does not reopen it', async () => {
    serve();
    renderWithProviders(<Harness />, { route: '/' });
    await click('go to files');
    await click('open scene 9');
    await sceneTitle('Scene 9');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(address()).toHaveTextContent(/^\/files$/));
    expect(shown()).toHaveTextContent('scene null actor null');
    // The overlay's entry is gone: Back leaves the files page (a replaced entry would stay on it).
    await click('browser back');
    await waitFor(() => expect(address()).toHaveTextContent(/^\/$/));
    expect(shown()).toHaveTextContent('scene null actor null');
  });

  it('opens what a shared link names, and Back then closes it and stays in the app', async () => {
    serve();
    renderWithProviders(<Harness />, { route: '/actors?q=x&actor_id=7' });
    expect(await screen.findByTestId('actor-details-name')).toHaveTextContent('Alice Example');
    expect(address()).toHaveTextContent('/actors?q=x&actor_id=7');
    await click('browser back');
    await waitFor(() => expect(shown()).toHaveTextContent('scene null actor null'));
    expect(address()).toHaveTextContent(/^\/actors\?q=x$/);
  });

  it('stacks a scene opened over an actor; Back closes the scene first, then the actor', async () => {
    serve();
    renderWithProviders(<Harness />, { route: '/' });
    await click('open actor 7');
    await waitFor(() => expect(address()).toHaveTextContent(/^\/\?actor_id=7$/));
    await click('open scene 9');
    await waitFor(() => expect(address()).toHaveTextContent(/^\/\?actor_id=7&scene_id=9$/));
    await click('browser back');
    await waitFor(() => expect(shown()).toHaveTextContent('scene null actor 7'));
    expect(address()).toHaveTextContent(/^\/\?actor_id=7$/);
    await click('browser back');
    await waitFor(() => expect(shown()).toHaveTextContent('scene null actor null'));
    expect(address()).toHaveTextContent(/^\/$/);
  });

  it('a link to both opens them in its order, the last named on top', async () => {
    serve();
    renderWithProviders(<Harness />, { route: '/?actor_id=7&scene_id=9' });
    await waitFor(() => expect(shown()).toHaveTextContent('scene 9 actor 7'));
    await sceneTitle('Scene 9');
    // The actor details are drawn under the scene details.
    await waitFor(() =>
      expect(screen.getByTestId('actor-details').closest('.mantine-Modal-root')).toHaveStyle({
        '--mb-z-index': '190',
      }),
    );
  });

  it('says an id that names nothing is not found; closing drops it from the address', async () => {
    serve();
    renderWithProviders(<Harness />, { route: '/actors?actor_id=999' });
    const notFound = await screen.findByTestId('actor-details-not-found');
    expect(notFound).toHaveTextContent('There is no such actor');
    await userEvent.click(within(notFound).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(shown()).toHaveTextContent('scene null actor null'));
    expect(address()).toHaveTextContent(/^\/actors$/);
  });

  it('a scene link that names nothing says so too', async () => {
    serve();
    renderWithProviders(<Harness />, { route: '/?scene_id=404' });
    expect(await screen.findByTestId('scene-details-not-found')).toHaveTextContent('There is no such scene');
  });
});
