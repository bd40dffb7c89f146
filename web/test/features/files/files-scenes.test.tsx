import type { File, FilePageScene } from '@fovea/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import FilesPage from '../../../src/features/files/FilesPage';
import { MatchFileDialog } from '../../../src/features/files/MatchFileDialog';
import { baseScene } from '../../fixtures/contract-fixtures';
import { mockApi, optionsState, renderWithProviders, versionCheck } from '../../test-utils';
import { fileRow, filesPageHandler, sceneResult } from './file-fixtures';

const beach: FilePageScene = { id: 42, scene_id: 'studio-42', title: 'Beach Day' };
const untitled: FilePageScene = { id: 43, scene_id: 'studio-43', title: '' };

describe('the Files page names the scene of a matched file', { timeout: 20_000 }, () => {
  it('shows the scene under a matched file as a link that opens its details; unmatched rows show none', async () => {
    const requests = mockApi({
      'GET /api/options/version-check': { body: versionCheck() },
      'GET /api/options/state': { body: optionsState() },
      'GET /api/actor/countrylist': { body: [] },
      'POST /api/files/page': filesPageHandler(
        [
          fileRow({ id: 1, filename: 'beach.mp4', scene_id: 42 }),
          fileRow({ id: 2, filename: 'untitled.mp4', scene_id: 43 }),
          fileRow({ id: 3, filename: 'loose.mp4', scene_id: 0 }),
        ],
        [],
        [beach, untitled],
      ),
      'GET /api/scene/42': { body: baseScene({ id: 42, scene_id: 'studio-42', title: 'Beach Day' }) },
    });
    renderWithProviders(<FilesPage />, { route: '/files' });
    const rows = await screen.findAllByTestId('file-row');
    const row = (id: number) => rows.find((candidate) => candidate.dataset.fileId === String(id));
    const link = within(row(1) as HTMLElement).getByRole('button', { name: 'Open the scene “Beach Day”' });
    expect(link).toHaveTextContent('Scene: Beach Day');
    // A scene without a title is named by its scene_id.
    expect(within(row(2) as HTMLElement).getByTestId('file-scene-link')).toHaveTextContent(
      'Scene: studio-43',
    );
    expect(within(row(3) as HTMLElement).queryByTestId('file-scene-link')).not.toBeInTheDocument();

    await userEvent.setup({ delay: null }).click(link);
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'GET' && r.url === '/api/scene/42')).toBe(true),
    );
  });
});

function MatchHarness({ files, onClose }: { files: File[]; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(files[0] ?? null);
  if (file === null) return null;
  return <MatchFileDialog file={file} files={files} onNavigate={setFile} onClose={onClose} />;
}

describe('Assign says where the file went', { timeout: 20_000 }, () => {
  it('toasts the file and the scene title, with a link that opens the scene', async () => {
    const requests = mockApi({
      'GET /api/options/state': { body: optionsState() },
      'GET /api/actor/countrylist': { body: [] },
      'GET /api/scene/search': {
        body: { results: 1, scenes: [sceneResult({ id: 7, scene_id: 'studio-7', title: 'Sunset Walk' })] },
      },
      'POST /api/files/match': { body: null },
      'GET /api/scene/7': { body: baseScene({ id: 7, scene_id: 'studio-7', title: 'Sunset Walk' }) },
    });
    const onClose = vi.fn();
    renderWithProviders(
      <MatchHarness files={[fileRow({ id: 1, filename: 'walk.mp4' })]} onClose={onClose} />,
    );
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('walk.mp4 went to “Sunset Walk”')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled());

    await user.click(screen.getByTestId('assigned-scene-link'));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'GET' && r.url === '/api/scene/7')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByText('walk.mp4 went to “Sunset Walk”')).not.toBeInTheDocument());
  });
});
