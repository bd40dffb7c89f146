import type { File } from '@fovea/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MatchFileDialog } from '../../../src/features/files/MatchFileDialog';
import { mockApi, renderWithProviders } from '../../test-utils';
import { fileRow, sceneResult } from './file-fixtures';

const scenes = Array.from({ length: 12 }, (_, i) =>
  sceneResult({ id: i + 1, scene_id: `studio-${i + 1}`, title: `Scene ${i + 1}`, _score: 12 - i }),
);

function Harness({ files, onClose = () => {} }: { files: File[]; onClose?: () => void }) {
  const [file, setFile] = useState<File | null>(files[0] ?? null);
  if (file === null) return null;
  return <MatchFileDialog file={file} files={files} onNavigate={setFile} onClose={onClose} />;
}

/** Moves the focus out of the search field, where letters and arrows type. */
async function leaveSearchField(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByTestId('match-file-name'));
  expect(document.activeElement?.tagName).not.toBe('INPUT');
}

describe('match file to scene dialog', { timeout: 20_000 }, () => {
  it('searches from the file name and pages the results with Left/Right', async () => {
    const requests = mockApi({ 'GET /api/scene/search': { body: { results: 12, scenes } } });
    renderWithProviders(
      <Harness files={[fileRow({ id: 1, filename: 'Jane.Doe.Beach.Day.180_sbs.4K.mp4', duration: 1830 })]} />,
    );
    const dialog = await screen.findByTestId('match-dialog');
    expect(within(dialog).getByRole('textbox', { name: 'Search scenes' })).toHaveValue('Jane Doe Beach Day');
    expect(await within(dialog).findByText('Scene 1')).toBeInTheDocument();
    expect(requests.find((r) => r.url.startsWith('/api/scene/search'))?.url).toBe(
      '/api/scene/search?q=Jane+Doe+Beach+Day',
    );
    expect(within(dialog).getAllByTestId('match-result')).toHaveLength(5);
    expect(within(dialog).getByTestId('match-file-minutes')).toHaveTextContent('31 min');
    expect(screen.queryByTestId('match-file-nav')).not.toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    await leaveSearchField(user);
    await user.keyboard('{ArrowRight}');
    expect(await within(dialog).findByText('Scene 6')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(await within(dialog).findByText('Scene 11')).toBeInTheDocument();
    expect(within(dialog).getAllByTestId('match-result')).toHaveLength(2);
    await user.keyboard('{ArrowLeft}');
    expect(await within(dialog).findByText('Scene 6')).toBeInTheDocument();
    // Letters typed with only one file do nothing.
    await user.keyboard('p');
    expect(within(dialog).getByTestId('match-file-name')).toHaveTextContent(
      'Jane.Doe.Beach.Day.180_sbs.4K.mp4',
    );
  });

  it('inserts the duration helper from the file minutes', async () => {
    mockApi({ 'GET /api/scene/search': { body: { results: 0, scenes: null } } });
    renderWithProviders(<Harness files={[fileRow({ id: 1, filename: 'x.mp4', duration: 600 })]} />);
    const input = await screen.findByRole('textbox', { name: 'Search scenes' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'duration:' }));
    expect(input).toHaveValue('x duration:>=9 duration:<=11');
    expect(await screen.findByTestId('match-no-results')).toHaveTextContent('No scenes found');
  });

  it('moves between the shown files with O and P, wrapping at both ends', async () => {
    mockApi({ 'GET /api/scene/search': { body: { results: 0, scenes: null } } });
    const files = [
      fileRow({ id: 1, filename: 'first.mp4' }),
      fileRow({ id: 2, filename: 'second.mp4' }),
      fileRow({ id: 3, filename: 'third.mp4' }),
    ];
    renderWithProviders(<Harness files={files} />);
    await screen.findByTestId('match-file-name');
    expect(screen.getByTestId('match-file-nav')).toHaveTextContent('File 1 of 3');
    const user = userEvent.setup({ delay: null });
    await leaveSearchField(user);
    await user.keyboard('o');
    await waitFor(() => expect(screen.getByTestId('match-file-name')).toHaveTextContent('third.mp4'));
    await leaveSearchField(user);
    await user.keyboard('p');
    await waitFor(() => expect(screen.getByTestId('match-file-name')).toHaveTextContent('first.mp4'));
    await leaveSearchField(user);
    await user.keyboard('p');
    await waitFor(() => expect(screen.getByTestId('match-file-name')).toHaveTextContent('second.mp4'));
    expect(screen.getByRole('textbox', { name: 'Search scenes' })).toHaveValue('second');
  });

  it('assigns a scene and closes when no unmatched file is left', async () => {
    const requests = mockApi({
      'GET /api/scene/search': { body: { results: 1, scenes: [scenes[0]] } },
      'POST /api/files/match': { body: null },
    });
    const onClose = vi.fn();
    const files = [
      fileRow({ id: 1, filename: 'one.mp4' }),
      fileRow({ id: 2, filename: 'two.mp4', scene_id: 5 }),
    ];
    renderWithProviders(<Harness files={files} onClose={onClose} />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.url === '/api/files/match')?.body).toEqual({
      file_id: 1,
      scene_id: 'studio-1',
    });
  });

  it('moves on to the next unmatched file after an assignment', async () => {
    mockApi({
      'GET /api/scene/search': { body: { results: 1, scenes: [scenes[0]] } },
      'POST /api/files/match': { body: null },
    });
    const onClose = vi.fn();
    const files = [
      fileRow({ id: 1, filename: 'one.mp4' }),
      fileRow({ id: 2, filename: 'two.mp4', scene_id: 5 }),
      fileRow({ id: 3, filename: 'three.mp4' }),
    ];
    renderWithProviders(<Harness files={files} onClose={onClose} />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(screen.getByTestId('match-file-name')).toHaveTextContent('three.mp4'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
