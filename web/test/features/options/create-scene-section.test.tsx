import type { SingleSceneRoute } from '@fovea/contract';
import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import OptionsPage from '../../../src/features/options/OptionsPage';
import { SceneDetailsContext } from '../../../src/features/scene-details/scene-details-context';
import type { SceneDetailsApi } from '../../../src/features/scene-details/scene-details-context';
import { baseScene } from '../../fixtures/contract-fixtures';
import { mockApi, renderWithProviders } from '../../test-utils';
import type { MockHandler, MockResponse } from '../../test-utils';

const ROUTES: SingleSceneRoute[] = [
  {
    site_id: 'slr-single_scene',
    name: 'SexLikeReal',
    url_patterns: ['^https://www\\.sexlikereal\\.com/scenes/'],
    additional_info: [],
    warnings: ['site'],
  },
  {
    site_id: 'wetvr',
    name: 'WetVR',
    url_patterns: ['^https?://(www\\.)?wetvr\\.com/video/'],
    additional_info: [
      {
        fieldName: 'scene_id',
        fieldPrompt: 'WetVR scene id',
        placeholder: 'e.g. 1234',
        required: true,
        type: 'number',
      },
    ],
    warnings: ['release_date'],
  },
  {
    site_id: 'astrodomina-slr',
    name: 'AstroDomina (SLR)',
    url_patterns: ['^https://www\\.sexlikereal\\.com/scenes/astro'],
    additional_info: [],
    warnings: [],
  },
];

function setup(routes: Record<string, MockResponse | MockHandler> = {}) {
  const details: SceneDetailsApi = { open: vi.fn(), openEdit: vi.fn(), close: vi.fn(), currentId: null };
  const show = vi.spyOn(notifications, 'show');
  const requests = mockApi({ 'GET /api/scrapers/single-scene': { body: ROUTES }, ...routes });
  renderWithProviders(
    <SceneDetailsContext.Provider value={details}>
      <OptionsPage />
    </SceneDetailsContext.Provider>,
    { route: '/options?section=create-scene' },
  );
  const toasts = () => show.mock.calls.map(([options]) => [options.message, options.autoClose]);
  return { requests, details, toasts, user: userEvent.setup({ delay: null }) };
}

const urlInput = () => screen.getByRole('textbox', { name: /Scene URL/ });
const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const posts = (requests: { method: string; url: string; body: unknown }[]) =>
  requests.filter((r) => r.method === 'POST').map((r) => [r.url, r.body]);

describe('Create/Import scene: scrape by URL', { timeout: 30_000 }, () => {
  it('needs an http(s) URL and says when no scraper exists for its domain', async () => {
    const { requests, toasts, user } = setup();
    await screen.findByTestId('scrape-by-url');
    await waitFor(() => expect(requests.some((r) => r.url === '/api/scrapers/single-scene')).toBe(true));
    expect(continueButton()).toBeDisabled();
    await user.type(urlInput(), 'not a url');
    expect(continueButton()).toBeDisabled();
    expect(screen.getByText('Enter a URL starting with http:// or https://')).toBeInTheDocument();
    await user.clear(urlInput());
    await user.type(urlInput(), 'https://unknown.example/scene/1');
    await waitFor(() => expect(continueButton()).toBeEnabled());
    await user.click(continueButton());
    expect(await screen.findByText('No scrapers exist for this domain')).toBeInTheDocument();
    expect(toasts()).toEqual([['No scrapers exist for this domain', 5000]]);
    expect(posts(requests)).toEqual([]);
  });

  it('asks for the extra fields of the matched site and blocks Continue until they are valid', async () => {
    const { requests, details, toasts, user } = setup({
      'POST /api/task/singlescrape': {
        body: {
          status: 'OK',
          scene: baseScene({ id: 77, scene_id: 'wetvr-1234' }),
          warnings: ['release_date', 'cover'],
        },
      },
    });
    await screen.findByTestId('scrape-by-url');
    expect(screen.queryByTestId('additional-info-scene_id')).not.toBeInTheDocument();
    await user.type(urlInput(), ' https://wetvr.com/video/some-scene ');
    const field = await screen.findByRole('textbox', { name: /WetVR scene id/ });
    expect(screen.getByText('Scraped by WetVR')).toBeInTheDocument();
    expect(field).toHaveAttribute('placeholder', 'e.g. 1234');
    expect(continueButton()).toBeDisabled();
    await user.type(field, '12a');
    expect(screen.getByText('Digits only')).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
    await user.clear(field);
    await user.type(field, '1234');
    expect(screen.queryByText('Digits only')).not.toBeInTheDocument();
    expect(continueButton()).toBeEnabled();
    await user.click(continueButton());

    await waitFor(() => expect(details.openEdit).toHaveBeenCalledWith(77));
    expect(posts(requests)).toEqual([
      [
        '/api/task/singlescrape',
        {
          site: 'wetvr',
          sceneurl: 'https://wetvr.com/video/some-scene',
          additionalinfo: [
            {
              fieldName: 'scene_id',
              fieldPrompt: 'WetVR scene id',
              placeholder: 'e.g. 1234',
              required: true,
              type: 'number',
              fieldValue: '1234',
            },
          ],
        },
      ],
    ]);
    expect(toasts()).toEqual([
      ['Please check the Release Date', 10000],
      ['Please specify a URL for the cover image', 10000],
    ]);
    // The form is ready for the next URL.
    expect(urlInput()).toHaveValue('');
  });

  it('sends the URL to the last matching site', async () => {
    const { requests, toasts, user } = setup({
      'POST /api/task/singlescrape': {
        body: { status: 'OK', scene: baseScene({ id: 5 }), warnings: ['site'] },
      },
    });
    await screen.findByTestId('scrape-by-url');
    await user.type(urlInput(), 'https://www.sexlikereal.com/scenes/astro-domina-99');
    expect(await screen.findByText('Scraped by AstroDomina (SLR)')).toBeInTheDocument();
    await user.click(continueButton());
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(posts(requests)[0]?.[1]).toMatchObject({ site: 'astrodomina-slr', additionalinfo: [] });
    await waitFor(() => expect(toasts()).toEqual([['Please check the Site', 10000]]));
  });

  it('shows a refused scrape as a danger toast and opens nothing', async () => {
    let answer: MockResponse = {
      body: { status: 'Scraper does not exist', scene: baseScene({ id: 0 }), warnings: [] },
    };
    const { details, toasts, user } = setup({ 'POST /api/task/singlescrape': () => answer });
    await screen.findByTestId('scrape-by-url');
    await user.type(urlInput(), 'https://www.sexlikereal.com/scenes/other-1');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Scraper does not exist')).toBeInTheDocument();

    answer = { status: 502, body: { error: 'Bad Gateway', message: 'the site answered 503' } };
    await user.click(continueButton());
    expect(await screen.findByText('Error: the site answered 503')).toBeInTheDocument();
    expect(toasts()).toEqual([
      ['Scraper does not exist', 5000],
      ['Error: the site answered 503', 5000],
    ]);
    expect(details.openEdit).not.toHaveBeenCalled();
    expect(urlInput()).toHaveValue('https://www.sexlikereal.com/scenes/other-1');
  });
});

describe('Create/Import scene: custom scene', { timeout: 30_000 }, () => {
  it('does nothing without a title, then creates the scene and opens it in the editor', async () => {
    const { requests, details, user } = setup({
      'POST /api/scene/create': ({ body }) => ({
        body: baseScene({ id: 901, scene_id: 'my-scene', title: (body as { title: string }).title }),
      }),
    });
    const form = await screen.findByTestId('create-custom-scene');
    const create = screen.getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    const title = screen.getByRole('textbox', { name: /^Title/ });
    await user.type(title, '   {Enter}');
    expect(posts(requests)).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: /Scene Id/ }), ' my-scene ');
    await user.clear(title);
    await user.type(title, ' Holiday in VR ');
    expect(create).toBeEnabled();
    await user.click(create);
    await waitFor(() => expect(details.openEdit).toHaveBeenCalledWith(901));
    expect(posts(requests)).toEqual([['/api/scene/create', { title: 'Holiday in VR', id: 'my-scene' }]]);
    expect(await screen.findByText('Scene my-scene created')).toBeInTheDocument();
    expect(form).toBeInTheDocument();
    expect(title).toHaveValue('');
  });
});
