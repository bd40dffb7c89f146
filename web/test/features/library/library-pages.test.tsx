import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { librarySummary, mockApi, optionsState, renderApp, versionCheck } from '../../test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A library of `summary`, whose list answers `results` scenes (no scene rows: the frame is under test). */
function serve(summary: ReturnType<typeof librarySummary>, results = 0) {
  mockApi({
    'GET /api/library/summary': { body: summary },
    'GET /api/options/version-check': { body: versionCheck() },
    'GET /api/options/state': { body: optionsState() },
    'GET /api/scene/filters': {
      body: { cast: [], sites: [], tags: [], volumes: [], release_month: [], attributes: [] },
    },
    'POST /api/scene/list': {
      body: {
        scenes: [],
        results,
        count_any: results,
        count_available: results,
        count_downloaded: results,
        count_not_downloaded: 0,
        count_hidden: 0,
      },
    },
    'POST /api/actor/list': {
      body: {
        actors: [],
        results: summary.actors,
        count_any: 0,
        count_available: 0,
        count_downloaded: 0,
        count_not_downloaded: 0,
        count_hidden: 0,
        offset: 0,
      },
    },
  });
}

describe('library page frames', () => {
  it('show the empty states only when the library is really empty', async () => {
    serve(librarySummary());
    renderApp({ route: '/' });
    expect(await screen.findByText('No scenes yet')).toBeInTheDocument();
    expect(screen.getByTestId('scene-results-count')).toHaveTextContent('0 scenes');
  });

  it('show the real scene count and no empty state for a library with scenes', async () => {
    serve(librarySummary({ scenes: 3000, available_scenes: 1500 }), 1500);
    renderApp({ route: '/' });
    await waitFor(() => expect(screen.getByTestId('scene-results-count')).toHaveTextContent('1500 scenes'));
    expect(screen.queryByText('No scenes yet')).not.toBeInTheDocument();
  });

  it('show the actor total', async () => {
    serve(librarySummary({ actors: 1 }));
    renderApp({ route: '/actors' });
    expect(await screen.findByTestId('actors-total')).toHaveTextContent('1');
    expect(screen.queryByTestId('actors-empty')).not.toBeInTheDocument();
  });

  it('show the Files empty text only when no file matches the filters', { timeout: 20_000 }, async () => {
    mockApi({
      'GET /api/options/version-check': { body: versionCheck() },
      'POST /api/files/page': { body: { files: [], total: 0 } },
    });
    renderApp({ route: '/files' });
    expect(
      await screen.findByText('No files matching your selection', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
