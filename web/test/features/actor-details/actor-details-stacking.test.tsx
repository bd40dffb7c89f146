import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSceneDetails } from '../../../src/features/scene-details/scene-details-context';
import { baseCastActor, baseScene } from '../../fixtures/contract-fixtures';
import { renderWithProviders } from '../../test-utils';
import { ActorOpener, actorServer, profileActor } from './actor-details-fixtures';

function SceneOpener() {
  const details = useSceneDetails();
  return (
    <button type="button" onClick={() => details.open(42)}>
      open scene
    </button>
  );
}

const user = () => userEvent.setup({ delay: null });
const lists = (requests: { url: string; body: unknown }[], url: string) =>
  requests.filter((request) => request.url === url).map((request) => (request.body as { list: string }).list);

function server() {
  const scene = baseScene({
    id: 42,
    scene_id: 'studio-42',
    title: 'Lake day',
    cast: [baseCastActor({ id: 7, name: 'Alice Example', count: 5, avail_count: 3 })],
  });
  return actorServer({
    actors: [profileActor()],
    scenes: [scene],
    extra: {
      'GET /api/scene/42': { body: scene },
      'GET /api/scene/alternate_source/42': { body: null },
      'POST /api/scene/toggle': { body: null },
    },
  });
}

afterEach(() => {
  window.location.hash = '';
  vi.clearAllMocks();
});

describe('actor details with scene details', { timeout: 20_000 }, () => {
  it('a cast chip of the scene details opens the actor over them; the keys go to the topmost overlay', async () => {
    const { requests } = server();
    const u = user();
    renderWithProviders(
      <>
        <SceneOpener />
        <ActorOpener actorId={7} />
      </>,
    );
    await u.click(screen.getByRole('button', { name: 'open scene' }));
    await screen.findByTestId('scene-details', {}, { timeout: 5000 });
    const openActor = await screen.findByRole('button', { name: 'Open the details of Alice Example' });
    await u.click(openActor);
    await screen.findByTestId('actor-details-name', {}, { timeout: 5000 });
    expect(screen.getByTestId('current-actor')).toHaveTextContent('7');
    await u.keyboard('f');
    await waitFor(() => expect(lists(requests, '/api/actor/toggle')).toEqual(['favourite']));
    expect(lists(requests, '/api/scene/toggle')).toEqual([]);
    // The chip's tooltip would take the first Esc.
    await u.unhover(openActor);
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('actor-details')).not.toBeInTheDocument());
    expect(screen.getByTestId('scene-details')).toBeInTheDocument();
  });

  it('a scene opened from the actor takes the keys until it closes', async () => {
    const { requests } = server();
    const u = user();
    renderWithProviders(<ActorOpener actorId={7} />);
    await u.click(screen.getByRole('button', { name: 'open actor' }));
    await screen.findByTestId('actor-details-name', {}, { timeout: 5000 });
    await u.click(screen.getByRole('tab', { name: 'Scenes (5)' }));
    await u.click(await screen.findByRole('button', { name: 'Show the details of Lake day' }));
    await screen.findByTestId('scene-details', {}, { timeout: 5000 });
    await u.keyboard('f');
    await waitFor(() => expect(lists(requests, '/api/scene/toggle')).toEqual(['favourite']));
    expect(lists(requests, '/api/actor/toggle')).toEqual([]);
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('scene-details')).not.toBeInTheDocument());
    expect(screen.getByTestId('actor-details')).toBeInTheDocument();
    await u.keyboard('w');
    await waitFor(() => expect(lists(requests, '/api/actor/toggle')).toEqual(['watchlist']));
  });
});
