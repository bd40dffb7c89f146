import type { Scene } from '@fovea/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QuickFindDialog } from '../../../src/features/quick-find/QuickFindDialog';
import { formatIsoDate } from '../../../src/features/quick-find/search-prefix';
import { QUICK_FIND_DEBOUNCE_MS } from '../../../src/features/quick-find/use-quick-find-search';
import { renderWithProviders } from '../../test-utils';
import { searchScene, stubSearch } from './quick-find-fixtures';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function renderDialog() {
  const onSelect = vi.fn<(scene: Scene) => void>();
  const onClose = vi.fn();
  renderWithProviders(<QuickFindDialog opened onClose={onClose} onSelect={onSelect} />);
  return { onSelect, onClose, user: userEvent.setup() };
}

const threeScenes = [
  searchScene({ id: 11, title: 'First hit', site: 'Site A' }),
  searchScene({ id: 12, title: 'Second hit', site: 'Site B' }),
  searchScene({ id: 13, title: 'Third hit', site: 'Site C' }),
];

describe('quick find dialog', () => {
  it('waits for typing to pause, then asks the server once for the whole text', async () => {
    const calls = stubSearch(() => []);
    const { user } = renderDialog();
    const input = screen.getByRole('textbox', { name: 'Search' });

    await user.type(input, 'Jane');
    expect(calls).toHaveLength(0);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.q).toBe('Jane');
    expect(await screen.findByText('No scenes found')).toBeInTheDocument();
    await sleep(QUICK_FIND_DEBOUNCE_MS + 50);
    expect(calls.map((call) => call.q)).toEqual(['Jane']);
  });

  it('gives the search a 60 s timeout', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const calls = stubSearch(() => []);
    const { user } = renderDialog();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'x');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(timeout).toHaveBeenCalledWith(60_000);
  });

  it('cancels a search whose text is no longer current and shows the latest answer', async () => {
    const calls = stubSearch((q) =>
      q === 'slow' ? null : [searchScene({ id: 5, title: `Answer to ${q}` })],
    );
    const { user } = renderDialog();
    const input = screen.getByRole('textbox', { name: 'Search' });

    await user.type(input, 'slow');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.signal?.aborted).toBe(false);
    await user.type(input, 'er');
    expect(await screen.findByText('Answer to slower')).toBeInTheDocument();
    expect(calls.map((call) => call.q)).toEqual(['slow', 'slower']);
    expect(calls[0]?.signal?.aborted).toBe(true);
  });

  it('moves through the results with the arrow keys and opens the highlighted one with Enter', async () => {
    stubSearch(() => threeScenes);
    const { user, onSelect, onClose } = renderDialog();
    const input = screen.getByRole('textbox', { name: 'Search' });
    await user.type(input, 'hit');
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(3);
    expect(options.every((option) => option.getAttribute('aria-selected') === 'false')).toBe(true);

    await user.keyboard('{Enter}');
    expect(onSelect).not.toHaveBeenCalled();

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: /Third hit/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    const second = screen.getByRole('option', { name: /Second hit/ });
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', second.id);
    await user.keyboard('{Enter}');

    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect.mock.calls[0]?.[0].id).toBe(12);
    expect(onClose).toHaveBeenCalled();
  });

  it('opens a result on click', async () => {
    stubSearch(() => threeScenes);
    const { user, onSelect } = renderDialog();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'hit');
    await user.click(await screen.findByRole('option', { name: /Third hit/ }));
    expect(onSelect.mock.calls[0]?.[0].id).toBe(13);
  });

  it('does nothing for an empty or blank query', async () => {
    const calls = stubSearch(() => threeScenes);
    const { user, onSelect } = renderDialog();
    const input = screen.getByRole('textbox', { name: 'Search' });
    await user.click(input);
    await user.keyboard('{Enter}');
    await user.type(input, '   ');
    await user.keyboard('{ArrowDown}{Enter}');
    await sleep(QUICK_FIND_DEBOUNCE_MS + 100);
    expect(calls).toHaveLength(0);
    expect(onSelect).not.toHaveBeenCalled();
    expect(screen.queryByText('No scenes found')).not.toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('clears the results as soon as the text is emptied', async () => {
    stubSearch(() => threeScenes);
    const { user } = renderDialog();
    const input = screen.getByRole('textbox', { name: 'Search' });
    await user.type(input, 'hit');
    expect(await screen.findAllByRole('option')).toHaveLength(3);
    await user.clear(input);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('shows cover, site, hidden mark, title, cast, rating and release date of each result', async () => {
    stubSearch(() => [
      searchScene({
        id: 7,
        title: 'Beach day',
        site: 'VR Studio',
        cover_url: 'https://cdn.example.com/covers/7.jpg',
        is_hidden: true,
        star_rating: 3.5,
        release_date_text: '2023-07-09',
        cast: [
          { id: 1, name: 'Jane Doe' } as Scene['cast'][number],
          { id: 2, name: 'Ann Roe' } as Scene['cast'][number],
        ],
      }),
      searchScene({ id: 8, title: 'Plain', release_date_text: '', release_date: '0001-01-01T00:00:00Z' }),
    ]);
    const { user } = renderDialog();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'beach');
    const [row, plain] = await screen.findAllByRole('option');
    if (!row || !plain) throw new Error('two results expected');
    const rowIn = within(row);
    expect(row.querySelector('img')).toHaveAttribute('src', '/img/120x/https://cdn.example.com/covers/7.jpg');
    expect(rowIn.getByText('VR Studio')).toBeInTheDocument();
    expect(rowIn.getByRole('img', { name: 'Hidden' })).toBeInTheDocument();
    expect(rowIn.getByText('Beach day')).toBeInTheDocument();
    expect(rowIn.getByText('Jane Doe, Ann Roe')).toBeInTheDocument();
    expect(row.querySelector('[data-rating]')).toHaveAttribute('data-rating', '3.5');
    expect(rowIn.queryByRole('slider')).not.toBeInTheDocument();
    expect(rowIn.getByText('2023-07-09')).toBeInTheDocument();

    expect(within(plain).queryByRole('img', { name: 'Hidden' })).not.toBeInTheDocument();
    expect(within(plain).queryByText(/^\d{4}-\d{2}-\d{2}$/)).not.toBeInTheDocument();
  });

  it("shows the server's message when the search is refused", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: 'Bad Request', message: 'a quoted phrase is not closed' }), {
            status: 400,
          }),
      ),
    );
    const { user } = renderDialog();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), '"open');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Search failed: a quoted phrase is not closed',
    );
  });

  it('inserts helpers at the caret, quoting a selected multi-word text', async () => {
    stubSearch(() => []);
    const { user } = renderDialog();
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Search' });

    await user.click(screen.getByRole('button', { name: 'cast:' }));
    expect(input).toHaveValue('cast:');
    expect(input).toHaveFocus();
    await user.keyboard('Jane');
    expect(input).toHaveValue('cast:Jane');
    await user.click(screen.getByRole('button', { name: 'duration:' }));
    expect(input).toHaveValue('cast:Jane duration:>=0');

    await user.clear(input);
    await user.type(input, 'Jane Doe beach');
    input.setSelectionRange(0, 8);
    await user.click(screen.getByRole('button', { name: 'cast:' }));
    expect(input).toHaveValue('cast:"Jane Doe" beach');
    expect(input.selectionStart).toBe('cast:"Jane Doe"'.length);
  });

  it('inserts a last-7-days release range as yyyy-mm-dd', async () => {
    stubSearch(() => []);
    const { user } = renderDialog();
    const input = screen.getByRole('textbox', { name: 'Search' });
    await user.click(screen.getByRole('button', { name: 'released:' }));
    const today = new Date();
    const weekAgo = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 7);
    expect(input).toHaveValue(`released:>="${formatIsoDate(weekAgo)}" released:<="${formatIsoDate(today)}"`);
    expect(formatIsoDate(weekAgo)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
