import type { Actor, CountryEntry, ExternalReferenceLink } from '@fovea/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { actorKeys } from '../../../src/api/query-keys';
import ActorEditDialog from '../../../src/features/actor-edit/ActorEditDialog';
import { actorFixture } from '../../fixtures/contract-fixtures';
import { mockApi, optionsState, renderWithProviders } from '../../test-utils';
import type { MockResponse, RecordedRequest } from '../../test-utils';

type Body = Record<string, unknown>;

const COUNTRIES: CountryEntry[] = [
  { code: 'FR', name: 'France', flag_url: '/flags/fr.svg' },
  { code: 'GB', name: 'United Kingdom', flag_url: '/flags/gb.svg' },
  { code: 'US', name: 'United States', flag_url: '/flags/us.svg' },
];

/** An extref link of actor 7 as GET /api/actor/extrefs/{id} answers it. */
const extrefLink = (id: number, source: string, url: string, externalId: string): ExternalReferenceLink => ({
  id,
  internal_table: 'actors',
  internal_db_id: 7,
  internal_name_id: 'Jane Doe',
  external_reference_id: id,
  external_source: source,
  external_id: externalId,
  match_type: 90,
  udf_datetime1: '2024-01-01T00:00:00Z',
  external_reference: {
    id,
    xbvr_links: null,
    external_source: source,
    external_id: externalId,
    external_url: url,
    external_date: '2024-01-01T00:00:00Z',
    external_data: '{}',
    udf_bool1: false,
    udf_bool2: false,
    udf_datetime1: '2024-01-01T00:00:00Z',
  },
});
const STASH_LINK = extrefLink(3, 'stashdb performer', 'https://stashdb.org/performers/uuid-1', 'uuid-1');

const jane = (overrides: Partial<Actor> = {}) =>
  actorFixture({
    id: 7,
    name: 'Jane Doe',
    birth_date: '1995-04-12T00:00:00Z',
    nationality: 'US',
    height: 170,
    weight: 55,
    cup_size: 'C',
    band_size: 91,
    waist_size: 61,
    hip_size: 91,
    image_url: 'https://img.example/a.jpg',
    image_arr: '["https://img.example/a.jpg","https://img.example/b.jpg"]',
    ...overrides,
  });

function setup(
  options: { actor?: Actor; imperial?: boolean; edit?: MockResponse; extrefs?: MockResponse } = {},
) {
  const actor = options.actor ?? jane();
  const requests = mockApi({
    [`GET /api/actor/${actor.id}`]: { body: actor },
    'GET /api/actor/countrylist': { body: COUNTRIES },
    [`GET /api/actor/extrefs/${actor.id}`]: options.extrefs ?? { body: [STASH_LINK] },
    [`POST /api/actor/edit_extrefs/${actor.id}`]: ({ body }) => ({
      body: (body as string[]).map((url, index) =>
        extrefLink(10 + index, url.includes('stashdb') ? 'stashdb performer' : 'slr scrape', url, url),
      ),
    }),
    'GET /api/actor/filters': {
      body: {
        cast: [],
        sites: [],
        attributes: ['Hair Color Auburn', 'Hair Color Blonde', 'Eye Color Green'],
      },
    },
    'GET /api/options/state': {
      body: optionsState({
        advanced: { ...optionsState().config.advanced, useImperialEntry: options.imperial ?? false },
      }),
    },
    [`POST /api/actor/edit/${actor.id}`]:
      options.edit ?? (({ body }) => ({ body: { ...actor, ...(body as Body) } })),
    'POST /api/actor/setimage': ({ body }) => ({ body: { ...actor, image_url: (body as Body).url } }),
  });
  const onClose = vi.fn();
  const view = renderWithProviders(<ActorEditDialog actorId={actor.id} onClose={onClose} />);
  return { requests, onClose, actor, ...view };
}

const sent = (requests: RecordedRequest[], path: string) =>
  requests.find((r) => r.method === 'POST' && r.url.startsWith(path))?.body as Body | undefined;
const user = () => userEvent.setup({ delay: null });
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const loaded = () => screen.findByTestId('actor-edit-information');
const field = (name: string | RegExp) => screen.getByRole('textbox', { name });
/** A field with suggestions (Autocomplete). */
const combo = (name: string) => screen.getByRole('combobox', { name });
const blur = () => act(() => (document.activeElement as HTMLElement | null)?.blur());

describe('Actor edit dialog', { timeout: 30_000 }, () => {
  it('shows nothing without an actor id', () => {
    mockApi({});
    renderWithProviders(<ActorEditDialog actorId={null} onClose={vi.fn()} />);
    expect(screen.queryByTestId('actor-edit-dialog')).not.toBeInTheDocument();
  });

  it('has the seven tabs and sends only the changed fields; the answer goes to the caches', async () => {
    const { requests, onClose, queryClient } = setup();
    const u = user();
    await loaded();
    expect(screen.getByText('Edit actor: Jane Doe')).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent?.replace(/\d+$/, ''));
    expect(tabs).toEqual([
      'Information',
      'Aliases',
      'Tattoos',
      'Piercings',
      'Links',
      'Images',
      'Actor Scraper',
    ]);
    expect(field('Measurements (inches)')).toHaveValue('36C-24-36');
    await u.type(combo('Ethnicity'), 'Caucasian');
    await u.clear(field('Measurements (inches)'));
    await u.type(field('Measurements (inches)'), '34B-25-35');
    await u.click(screen.getByRole('tab', { name: /Aliases/ }));
    await u.type(field('Alias'), 'Janie{Enter}');
    await u.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(requests, '/api/actor/edit/7')).toEqual({
      ethnicity: 'Caucasian',
      measurements: '34B-25-35',
      aliases: '["Janie"]',
    });
    expect(sent(requests, '/api/actor/setimage')).toBeUndefined();
    expect(queryClient.getQueryData<Actor>(actorKeys.detail(7))?.ethnicity).toBe('Caucasian');
  });

  it('converts feet, inches and pounds when imperial entry is on', async () => {
    const { requests, onClose } = setup({ imperial: true });
    const u = user();
    await loaded();
    expect(screen.queryByRole('textbox', { name: 'Height (cm)' })).not.toBeInTheDocument();
    expect(field('Height (feet)')).toHaveValue('5');
    expect(field('Inches')).toHaveValue('7');
    expect(field('Weight (lb)')).toHaveValue('121');
    await u.clear(field('Inches'));
    await u.type(field('Inches'), '9');
    await u.clear(field('Weight (lb)'));
    await u.type(field('Weight (lb)'), '130');
    expect(screen.getByText('Saved as 175 cm')).toBeInTheDocument();
    expect(screen.getByText('Saved as 59 kg')).toBeInTheDocument();
    await u.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(requests, '/api/actor/edit/7')).toEqual({ height: 175, weight: 59 });
  });

  it('keeps Save off with the messages of library-spec §5', async () => {
    setup({ imperial: true });
    const u = user();
    await loaded();
    await u.clear(field('Measurements (inches)'));
    await u.type(field('Measurements (inches)'), '36-24-36');
    expect(screen.getByText('use the format 99A-99-99')).toBeInTheDocument();
    await u.type(field('Active from'), '2999');
    expect(screen.getByText('Up to the current year')).toBeInTheDocument();
    await u.clear(field('Height (feet)'));
    await u.type(field('Height (feet)'), '11');
    expect(screen.getByText('Feet 0 to 10')).toBeInTheDocument();
    await u.clear(field('Inches'));
    await u.type(field('Inches'), '13');
    expect(screen.getByText('Inches 0 to 12')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it('says on each field when a value is implausible, before sending', async () => {
    const { requests } = setup();
    const u = user();
    await loaded();
    await u.clear(field('Height (cm)'));
    await u.type(field('Height (cm)'), '999');
    expect(screen.getByText('Height must be between 50 and 272 cm')).toBeInTheDocument();
    await u.clear(field('Weight (kg)'));
    await u.type(field('Weight (kg)'), '5');
    expect(screen.getByText('Weight must be between 20 and 400 kg')).toBeInTheDocument();
    await u.type(field('Active from'), '2020');
    await u.type(field('Active to'), '2018');
    expect(screen.getByText('Active From must not be after Active To')).toBeInTheDocument();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    fireEvent.change(screen.getByLabelText('Birth date'), { target: { value: tomorrow } });
    expect(screen.getByText('The birth date cannot be in the future')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    await u.click(saveButton());
    expect(sent(requests, '/api/actor/edit/7')).toBeUndefined();
  });

  it("places the server's refusal of an implausible value on its field", async () => {
    const message = 'Weight must be between 20 and 400 kg';
    setup({
      imperial: true,
      edit: {
        status: 400,
        body: { error: 'Bad Request', message, issues: [{ path: ['body', 'weight'], message }] },
      },
    });
    const u = user();
    await loaded();
    await u.clear(field('Weight (lb)'));
    await u.type(field('Weight (lb)'), '120');
    await u.click(saveButton());
    const weight = field('Weight (lb)');
    await waitFor(() => expect(weight).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it('picks the nationality from the country list, with "No matching country"', async () => {
    const { requests, onClose } = setup();
    const u = user();
    await loaded();
    const nationality = screen.getByTestId('actor-edit-nationality');
    expect(nationality).toHaveValue('United States');
    await u.clear(nationality);
    await u.type(nationality, 'Atlantis');
    expect(await screen.findByText('No matching country')).toBeInTheDocument();
    // Esc closes the open list first, not the dialog.
    await u.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument();
    await u.clear(nationality);
    await u.type(nationality, 'United K');
    await u.click(await screen.findByRole('option', { name: 'United Kingdom' }));
    await u.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(requests, '/api/actor/edit/7')).toEqual({ nationality: 'GB' });
  });

  it("shows the server's 400 message on its field", async () => {
    const { onClose } = setup({
      edit: {
        status: 400,
        body: {
          error: 'Bad Request',
          message: 'body/start_year Up to the current year',
          issues: [{ path: ['start_year'], message: 'Up to the current year' }],
        },
      },
    });
    const u = user();
    await loaded();
    await u.type(field('Active from'), '2001');
    await u.click(saveButton());
    expect(await screen.findByText('Up to the current year')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    // Typing in the field takes the server's message away.
    await u.clear(field('Active from'));
    await u.type(field('Active from'), '2002');
    expect(screen.queryByText('Up to the current year')).not.toBeInTheDocument();
  });

  it('chooses the main image with setimage after the edit', async () => {
    const { requests, onClose, queryClient } = setup();
    const u = user();
    await loaded();
    await u.click(screen.getByRole('tab', { name: /Images/ }));
    const images = screen.getAllByTestId('actor-edit-image');
    expect(images[0]).toHaveAttribute('data-main', 'true');
    expect((images[0] as HTMLElement).querySelector('img')).toHaveAttribute(
      'src',
      '/img/200x/https://img.example/a.jpg',
    );
    await u.click(screen.getByRole('button', { name: 'Make https://img.example/b.jpg the main image' }));
    await u.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(requests, '/api/actor/edit/7')).toBeUndefined();
    expect(sent(requests, '/api/actor/setimage')).toEqual({ actor_id: 7, url: 'https://img.example/b.jpg' });
    expect(queryClient.getQueryData<Actor>(actorKeys.detail(7))?.image_url).toBe('https://img.example/b.jpg');
  });

  it('adds actor-scraper URLs typed by their domain and links with their own type', async () => {
    const { requests, onClose } = setup({
      actor: jane({ urls: '[{"url":"https://www.vrhush.com/models/jane","type":"vrhush scrape"}]' }),
    });
    const u = user();
    await loaded();
    await u.click(screen.getByRole('tab', { name: /Actor Scraper/ }));
    expect(screen.getByText('vrhush scrape')).toBeInTheDocument();
    const url = field('Profile page URL');
    await u.type(url, 'https://stashdb.org/performers/abc{Enter}');
    expect(screen.getByText(/Link StashDB performers with the StashDB search/)).toBeInTheDocument();
    await u.clear(url);
    await u.type(url, 'https://www.sexlikereal.com/pornstars/jane{Enter}');
    expect(screen.getByText('slr scrape')).toBeInTheDocument();

    await u.click(screen.getByRole('tab', { name: /Links/ }));
    await u.type(field('Link URL'), 'not a link{Enter}');
    expect(screen.getByText('Please enter a valid URL.')).toBeInTheDocument();
    await u.clear(field('Link URL'));
    await u.type(field('Type'), 'twitter');
    await u.type(field('Link URL'), 'https://twitter.com/jane{Enter}');
    await u.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(sent(requests, '/api/actor/edit/7')?.urls))).toEqual([
      { url: 'https://twitter.com/jane', type: 'twitter' },
      { url: 'https://www.vrhush.com/models/jane', type: 'vrhush scrape' },
      { url: 'https://www.sexlikereal.com/pornstars/jane', type: 'slr scrape' },
    ]);
  });

  it('edits the external references with edit_extrefs, their sources shown', async () => {
    const { requests, onClose, queryClient } = setup();
    const u = user();
    await loaded();
    await u.click(screen.getByRole('tab', { name: /Links/ }));
    const profiles = screen.getByTestId('actor-edit-profiles');
    expect(within(profiles).getByText('https://stashdb.org/performers/uuid-1')).toBeInTheDocument();
    expect(within(profiles).getByText('stashdb performer')).toBeInTheDocument();
    await u.type(field('Profile URL'), 'https://www.sexlikereal.com/pornstars/jane{Enter}');
    expect(within(profiles).getByText('slr scrape')).toBeInTheDocument();
    await u.click(
      within(profiles).getByRole('button', { name: 'Remove https://stashdb.org/performers/uuid-1' }),
    );
    await u.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(requests, '/api/actor/edit/7')).toBeUndefined();
    expect(sent(requests, '/api/actor/edit_extrefs/7')).toEqual([
      'https://www.sexlikereal.com/pornstars/jane',
    ]);
    expect(
      queryClient
        .getQueryData<ExternalReferenceLink[]>(actorKeys.extrefs(7))
        ?.map((link) => link.external_id),
    ).toEqual(['https://www.sexlikereal.com/pornstars/jane']);
  });

  it('leaves the external references alone when they cannot be read', async () => {
    const { requests, onClose } = setup({ extrefs: { status: 500, body: { error: 'x', message: 'down' } } });
    const u = user();
    await loaded();
    await u.click(screen.getByRole('tab', { name: /Links/ }));
    expect(screen.queryByTestId('actor-edit-profiles')).not.toBeInTheDocument();
    await u.type(field('Link URL'), 'https://twitter.com/jane{Enter}');
    await u.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(requests, '/api/actor/edit_extrefs/7')).toBeUndefined();
    expect(sent(requests, '/api/actor/edit/7')).toEqual({
      urls: '[{"url":"https://twitter.com/jane","type":""}]',
    });
  });

  it("Esc closes at once when nothing changed, and asks 'Close without saving' otherwise", async () => {
    const first = setup();
    await loaded();
    await user().keyboard('{Escape}');
    expect(first.onClose).toHaveBeenCalledTimes(1);
    first.unmount();

    const { onClose } = setup();
    const u = user();
    await loaded();
    await u.type(combo('Ethnicity'), 'Asian');
    await u.keyboard('{Escape}');
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(onClose).not.toHaveBeenCalled();
    await u.click(within(confirm).getByRole('button', { name: 'Close without saving' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("suggests hair and eye colours from the library's attributes", async () => {
    const { requests, onClose } = setup();
    const u = user();
    await loaded();
    await u.type(combo('Hair colour'), 'Au');
    await u.click(await screen.findByRole('option', { name: 'Auburn' }));
    expect(combo('Hair colour')).toHaveValue('Auburn');
    await u.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(requests, '/api/actor/edit/7')).toEqual({ hair_color: 'Auburn' });
  });

  it('s saves when the focus is not in a field, and types an s in a field', async () => {
    const { requests, onClose } = setup();
    const u = user();
    await loaded();
    await u.type(combo('Eye colour'), 'Blues');
    expect(combo('Eye colour')).toHaveValue('Blues');
    expect(sent(requests, '/api/actor/edit/7')).toBeUndefined();
    await blur();
    fireEvent.keyDown(document.body, { key: 's' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(requests, '/api/actor/edit/7')).toEqual({ eye_color: 'Blues' });
  });
});
