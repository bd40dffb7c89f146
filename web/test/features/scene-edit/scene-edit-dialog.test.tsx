import type { Scene, SceneImage } from '@fovea/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sceneKeys } from '../../../src/api/query-keys';
import SceneEditDialog from '../../../src/features/scene-edit/SceneEditDialog';
import { mockApi, renderWithProviders } from '../../test-utils';
import type { MockResponse, RecordedRequest } from '../../test-utils';
import { castActor, fullScene, tag } from '../scene-cuepoints/scene-fixture';

type Body = Record<string, unknown>;

const filters = {
  cast: ['Alice Example', 'Bea Other', 'aka:Alice Example,Bea Other'],
  tags: ['outdoor', 'indoor', 'tag group:places'],
  sites: ['Studio VR'],
  release_month: [],
  volumes: [],
  attributes: [],
  cuepoints: [],
};

function setup(options: { scene?: Scene; edit?: MockResponse } = {}) {
  const scene = options.scene ?? fullScene();
  const requests = mockApi({
    [`GET /api/scene/${scene.id}`]: { body: scene },
    'GET /api/scene/filters': { body: filters },
    [`POST /api/scene/edit/${scene.id}`]:
      options.edit ?? (({ body }) => ({ body: { ...scene, title: (body as Body).title } })),
    'POST /api/scene/delete': { body: scene },
  });
  const onClose = vi.fn();
  const view = renderWithProviders(<SceneEditDialog sceneId={scene.id} onClose={onClose} />);
  return { requests, onClose, scene, ...view };
}

const editBody = (requests: RecordedRequest[]) =>
  requests.find((r) => r.method === 'POST' && r.url.startsWith('/api/scene/edit/'))?.body as Body | undefined;
const user = () => userEvent.setup({ delay: null });
const titleField = () => screen.findByRole('textbox', { name: /Title/ });
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const blur = () => act(() => (document.activeElement as HTMLElement | null)?.blur());

describe('Scene edit dialog', { timeout: 30_000 }, () => {
  it('shows nothing without a scene id', () => {
    mockApi({});
    renderWithProviders(<SceneEditDialog sceneId={null} onClose={vi.fn()} />);
    expect(screen.queryByTestId('scene-edit-dialog')).not.toBeInTheDocument();
  });

  it('sends the whole scene with castArray, tagsArray, gallery, files and the duration as a string', async () => {
    const { requests, onClose, queryClient } = setup();
    const u = user();
    const title = await titleField();
    expect(title).toHaveValue('Sunny day');
    await u.clear(title);
    await u.type(title, 'Rainy day');
    const duration = screen.getByRole('textbox', { name: /Duration/ });
    await u.clear(duration);
    await u.type(duration, '55');
    const membersUrl = screen.getByRole('textbox', { name: 'Members URL' });
    expect(membersUrl).toHaveValue('https://members.studio.example/42');
    await u.clear(membersUrl);
    await u.type(membersUrl, 'https://members.studio.example/43');
    await u.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = editBody(requests);
    expect(body).toMatchObject({
      id: 42,
      scene_id: 'studio-42',
      title: 'Rainy day',
      duration: '55',
      release_date_text: '2024-05-06',
      castArray: ['Alice Example'],
      tagsArray: ['outdoor'],
      filenames_arr: '["Studio.Sunny.Day.8K.mp4"]',
      files: ['Studio.Sunny.Day.8K.mp4'],
      gallery: ['https://cdn.example/gallery-1.jpg'],
      // Covers and gallery untouched: images and cover_url go back as the scene had them.
      images: fullScene().images,
      cover_url: 'https://cdn.example/cover-a.jpg',
      members_url: 'https://members.studio.example/43',
      is_multipart: false,
    });
    expect(typeof body?.duration).toBe('string');
    expect(queryClient.getQueryData<Scene>(sceneKeys.detail(42))?.title).toBe('Rainy day');
  });

  it('accepts new cast and tags but refuses duplicates, ignoring case', async () => {
    const { requests } = setup();
    const u = user();
    await titleField();
    const cast = screen.getByTestId('scene-edit-cast');
    await u.type(cast, 'alice EXAMPLE{Enter}');
    expect(screen.getByText('alice EXAMPLE is already in the list')).toBeInTheDocument();
    await u.type(cast, 'Carla New{Enter}');
    const tags = screen.getByTestId('scene-edit-tags');
    await u.type(tags, 'OUTDOOR{Enter}');
    expect(screen.getByText('OUTDOOR is already in the list')).toBeInTheDocument();
    await u.type(tags, 'Sunset Beach{Enter}');
    await blur();
    await u.click(saveButton());
    await waitFor(() => expect(editBody(requests)).toBeDefined());
    expect(editBody(requests)).toMatchObject({
      castArray: ['Alice Example', 'Carla New'],
      tagsArray: ['outdoor', 'sunset beach'],
    });
  });

  it('leaves aka and tag-group entries out of the cast and tags', async () => {
    const scene = fullScene({
      cast: [...fullScene().cast, castActor(9, 'aka:Alice Example,Bea Other')],
      tags: [...fullScene().tags, tag(5, 'tag group:places')],
    });
    const { requests } = setup({ scene });
    await titleField();
    await user().click(saveButton());
    await waitFor(() => expect(editBody(requests)).toBeDefined());
    expect(editBody(requests)).toMatchObject({ castArray: ['Alice Example'], tagsArray: ['outdoor'] });
  });

  it('edits the file names without duplicates', async () => {
    const { requests } = setup();
    const u = user();
    await titleField();
    await u.click(screen.getByRole('tab', { name: /Filenames/ }));
    const field = screen.getByRole('textbox', { name: 'File name' });
    await u.type(field, 'Studio.Sunny.Day.8K.mp4{Enter}');
    expect(screen.getByText('Already in the list')).toBeInTheDocument();
    await u.clear(field);
    await u.type(field, 'Sunny.Day.Part2.mp4{Enter}');
    await u.click(screen.getByRole('button', { name: 'Remove Studio.Sunny.Day.8K.mp4' }));
    expect(screen.getAllByTestId('scene-edit-filenames-item')).toHaveLength(1);
    await u.click(saveButton());
    await waitFor(() => expect(editBody(requests)).toBeDefined());
    expect(editBody(requests)).toMatchObject({
      filenames_arr: '["Sunny.Day.Part2.mp4"]',
      files: ['Sunny.Day.Part2.mp4'],
    });
  });

  it('makes the first cover the cover_url, covers first in images, with proxied previews', async () => {
    const { requests } = setup();
    const u = user();
    await titleField();
    await u.click(screen.getByRole('tab', { name: /Covers/ }));
    const field = screen.getByRole('textbox', { name: 'Cover image URL' });
    await u.type(field, 'https://cdn.example/cover-b.jpg{Enter}');
    const previews = within(screen.getByTestId('scene-edit-covers')).getAllByTestId('image-preview');
    expect(previews[1]).toHaveAttribute('src', '/img/120x/https://cdn.example/cover-b.jpg');
    await u.click(screen.getByRole('button', { name: 'Move https://cdn.example/cover-b.jpg up' }));
    const items = screen.getAllByTestId('scene-edit-covers-item');
    expect(within(items[0] as HTMLElement).getByText('https://cdn.example/cover-b.jpg')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('Cover')).toBeInTheDocument();

    await u.click(screen.getByRole('tab', { name: /Gallery/ }));
    await u.type(
      screen.getByRole('textbox', { name: 'Gallery image URL' }),
      'https://cdn.example/gallery-2.jpg{Enter}',
    );
    await u.click(screen.getByRole('button', { name: 'Move https://cdn.example/gallery-2.jpg up' }));
    await u.click(saveButton());
    await waitFor(() => expect(editBody(requests)).toBeDefined());
    const body = editBody(requests);
    expect(body?.cover_url).toBe('https://cdn.example/cover-b.jpg');
    expect(JSON.parse(String(body?.images)) as SceneImage[]).toEqual([
      { url: 'https://cdn.example/cover-b.jpg', type: 'cover', orientation: '' },
      { url: 'https://cdn.example/cover-a.jpg', type: 'cover', orientation: 'landscape' },
      { url: 'https://cdn.example/gallery-2.jpg', type: 'gallery', orientation: '' },
      { url: 'https://cdn.example/gallery-1.jpg', type: 'gallery', orientation: '' },
    ]);
    expect(body?.gallery).toEqual(['https://cdn.example/gallery-2.jpg', 'https://cdn.example/gallery-1.jpg']);
  });

  it('Esc closes at once when nothing changed', async () => {
    const { onClose } = setup();
    await titleField();
    await user().keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("asks 'Close without saving' before closing with unsaved changes", async () => {
    const { onClose } = setup();
    const u = user();
    await u.type(await titleField(), ' again');
    await u.keyboard('{Escape}');
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(
      within(confirm).getByText('You have unsaved changes. Close without saving them?'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Close without saving').length).toBeGreaterThan(0);
    expect(onClose).not.toHaveBeenCalled();
    await u.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument());
    expect(await titleField()).toHaveValue('Sunny day again');

    await u.click(screen.getByRole('button', { name: 'Cancel' }));
    await u.click(
      within(await screen.findByTestId('confirm-dialog')).getByRole('button', {
        name: 'Close without saving',
      }),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('s saves when the focus is not in a field, and types an s in a field', async () => {
    const { requests, onClose } = setup();
    const u = user();
    const title = await titleField();
    await u.type(title, 's');
    expect(title).toHaveValue('Sunny days');
    expect(editBody(requests)).toBeUndefined();
    await blur();
    fireEvent.keyDown(document.body, { key: 's' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(editBody(requests)?.title).toBe('Sunny days');
  });

  it('keeps Save off without a title, and shows what the server refused', async () => {
    const { onClose } = setup({
      edit: {
        status: 400,
        body: {
          error: 'Bad Request',
          message: 'Invalid request body',
          issues: [{ path: ['release_date_text'], message: 'yyyy-mm-dd' }],
        },
      },
    });
    const u = user();
    const title = await titleField();
    await u.clear(title);
    expect(screen.getByText('A title is required')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    await u.type(title, 'Back again');
    await u.click(saveButton());
    const error = await screen.findByTestId('scene-edit-error');
    expect(error).toHaveTextContent('Invalid request body');
    expect(error).toHaveTextContent('release_date_text: yyyy-mm-dd');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('deletes the scene after the Delete scene confirmation', async () => {
    const { requests, onClose } = setup();
    const u = user();
    await titleField();
    await u.click(screen.getByRole('button', { name: 'Delete scene' }));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(
      within(confirm).getByText('If this is an existing scene, it will be re-added during the next scrape'),
    ).toBeInTheDocument();
    await u.click(within(confirm).getByRole('button', { name: 'Delete scene' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.url === '/api/scene/delete')?.body).toEqual({ scene_id: 42 });
  });
});
