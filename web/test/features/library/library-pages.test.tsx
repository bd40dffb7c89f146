import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { librarySummary, mockApi, optionsState, renderApp, versionCheck } from '../../test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

function serve(summary: ReturnType<typeof librarySummary>) {
  mockApi({
    'GET /api/library/summary': { body: summary },
    'GET /api/options/version-check': { body: versionCheck() },
    'GET /api/options/state': { body: optionsState() },
  });
}

describe('library page frames', () => {
  it('show the empty states only when the library is really empty', async () => {
    serve(librarySummary());
    renderApp({ route: '/' });
    expect(await screen.findByText('No scenes yet')).toBeInTheDocument();
    expect(screen.getByTestId('scene-results-count')).toHaveTextContent(
      '0 scenes in the library, 0 available',
    );
  });

  it('show the real scene count and no empty state for a library with scenes', async () => {
    serve(librarySummary({ scenes: 3000, available_scenes: 1500 }));
    renderApp({ route: '/' });
    expect(await screen.findByText('3000 scenes in the library, 1500 available')).toBeInTheDocument();
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
