import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CreateSceneDialog, titleFromFilename } from '../../../src/features/files/CreateSceneDialog';
import { mockApi, renderWithProviders } from '../../test-utils';
import { fileRow, sceneResult } from './file-fixtures';

function ScenesProbe() {
  const location = useLocation();
  return <pre data-testid="scenes-route">{JSON.stringify(location.state)}</pre>;
}

function renderDialog(onClose = vi.fn()) {
  const file = fileRow({ id: 9, filename: 'My.Own.Clip.mp4' });
  renderWithProviders(
    <Routes>
      <Route path="/files" element={<CreateSceneDialog file={file} onClose={onClose} />} />
      <Route path="/" element={<ScenesProbe />} />
    </Routes>,
    { route: '/files' },
  );
  return onClose;
}

describe('Create Custom Scene dialog', { timeout: 20_000 }, () => {
  it('takes the title from the file name cleaned as the match search text', () => {
    expect(titleFromFilename('My.Own.Clip.mp4')).toBe('My Own Clip');
    expect(titleFromFilename('Beach_Day_180_LR.mp4')).toBe('Beach Day');
    expect(titleFromFilename('SLR_Jane_s_Garden_mkx200_4k_60fps.mkv')).toBe("SLR Jane's Garden");
    expect(titleFromFilename('Sunset-Walk-h265-3840x1920-oculus.mp4')).toBe('Sunset Walk');
    expect(titleFromFilename('noextension')).toBe('noextension');
    // Nothing but technical words: the name without its extension rather than an empty title.
    expect(titleFromFilename('180_LR_4k.mp4')).toBe('180_LR_4k');
    expect(titleFromFilename('.hidden')).toBe('.hidden');
  });

  it('needs a title, and creates the scene for the file', async () => {
    const requests = mockApi({
      'POST /api/scene/create': { body: sceneResult({ id: 77, scene_id: 'custom-1' }) },
    });
    const onClose = renderDialog();
    const title = await screen.findByRole('textbox', { name: /Title/ });
    expect(title).toHaveValue('My Own Clip');
    const user = userEvent.setup({ delay: null });
    await user.clear(title);
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Create and Edit' })).toBeDisabled();
    await user.type(title, 'Holiday');
    await user.type(screen.getByRole('textbox', { name: /Scene Id/ }), 'my-id');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.url === '/api/scene/create')?.body).toEqual({
      title: 'Holiday',
      id: 'my-id',
      filename: 'My.Own.Clip.mp4',
      file_id: 9,
    });
  });

  it('Create and Edit opens the new scene on the scenes route', async () => {
    mockApi({ 'POST /api/scene/create': { body: sceneResult({ id: 77, scene_id: 'custom-1' }) } });
    renderDialog();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Create and Edit' }));
    expect(await screen.findByTestId('scenes-route')).toHaveTextContent('{"sceneId":77,"edit":true}');
  });
});
