import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ACTOR_FILTERS, actorsPath } from '../../../../src/features/actors/actor-filter-model';
import { currentLocation, renderSidebar, serveSidebar, shownFilters } from './actor-filter-harness';

beforeEach(() => {
  window.localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function pick(field: string, name: string) {
  const input = await screen.findByTestId(`actor-filter-picker-${field}`);
  await userEvent.click(input);
  await userEvent.type(input, name.slice(0, 3));
  await userEvent.click(await screen.findByRole('option', { name }));
}

const chip = (name: RegExp) => screen.getByRole('button', { name });

describe('the actor filter sidebar', { timeout: 30_000 }, () => {
  it('adds a cast entry from the picker and cycles it two ways, saying the mode in words and name', async () => {
    serveSidebar();
    renderSidebar();
    await pick('cast', 'Bea Bold');
    expect(shownFilters().cast).toEqual(['Bea Bold']);
    const included = chip(/^Bea Bold: Include\. Click to change to Exclude$/);
    expect(included).toHaveTextContent('Include');
    await userEvent.click(included);
    expect(shownFilters().cast).toEqual(['!Bea Bold']);
    const excluded = chip(/^Bea Bold: Exclude\. Click to change to Include$/);
    expect(excluded).toHaveTextContent('Exclude');
    expect(screen.getByTestId('actor-filter-chip-cast')).toHaveAttribute('data-mode', 'exclude');
    await userEvent.click(excluded);
    expect(shownFilters().cast).toEqual(['Bea Bold']);
  });

  it('cycles sites and attributes three ways: include, must have, exclude', async () => {
    serveSidebar();
    renderSidebar();
    await pick('sites', 'VRBangers');
    await userEvent.click(chip(/^VRBangers: Include\. Click to change to Must have$/));
    expect(shownFilters().sites).toEqual(['&VRBangers']);
    await userEvent.click(chip(/^VRBangers: Must have\. Click to change to Exclude$/));
    expect(shownFilters().sites).toEqual(['!VRBangers']);
    await userEvent.click(chip(/^VRBangers: Exclude\. Click to change to Include$/));
    expect(shownFilters().sites).toEqual(['VRBangers']);
    await pick('attributes', 'Has Tattoo');
    await userEvent.click(chip(/^Has Tattoo: Include/));
    expect(shownFilters().attributes).toEqual(['&Has Tattoo']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove VRBangers' }));
    expect(shownFilters().sites).toEqual([]);
  });

  it('changes the sort and the lists, and each change is a new history entry without actor_id', async () => {
    serveSidebar();
    renderSidebar('/actors?actor_id=12');
    await userEvent.click(screen.getByTestId('actor-sort-select'));
    await userEvent.click(await screen.findByRole('option', { name: 'Scenes (most first)' }));
    expect(shownFilters().sort).toBe('scene_count_desc');
    expect(currentLocation()).not.toContain('actor_id');
    await userEvent.click(screen.getByText('Favourite'));
    expect(shownFilters().lists).toEqual(['favourite']);
    await userEvent.click(screen.getByRole('button', { name: 'history back' }));
    expect(shownFilters()).toMatchObject({ sort: 'scene_count_desc', lists: [] });
  });

  it('offers all 17 sorts', async () => {
    serveSidebar();
    renderSidebar();
    await userEvent.click(screen.getByTestId('actor-sort-select'));
    expect(await screen.findAllByRole('option')).toHaveLength(17);
  });

  it('resets every filter, enabled only when something is set', async () => {
    serveSidebar();
    renderSidebar(actorsPath({ ...DEFAULT_ACTOR_FILTERS, cast: ['!Ann Able'], min_height: 150 }));
    const reset = screen.getByTestId('reset-actor-filters');
    expect(reset).toBeEnabled();
    await userEvent.click(reset);
    expect(shownFilters()).toEqual(DEFAULT_ACTOR_FILTERS);
    expect(screen.getByTestId('reset-actor-filters')).toBeDisabled();
  });
});

describe('the range sliders', { timeout: 30_000 }, () => {
  const thumb = (name: string) => screen.getByRole('slider', { name });
  /** A key on a thumb, as the keyboard gives it: the thumb has the focus. */
  const press = (name: string, key: string) => {
    const target = thumb(name);
    act(() => target.focus());
    fireEvent.keyDown(target, { key });
  };

  it('commit on release, and the age slider at its left end (18) means no lower bound', async () => {
    serveSidebar();
    renderSidebar();
    expect(screen.getByTestId('actor-range-age-value')).toHaveTextContent('Any');
    const low = thumb('Age: lowest');
    expect(low).toHaveAttribute('aria-valuenow', '18');
    press('Age: lowest', 'ArrowRight');
    await waitFor(() => expect(shownFilters().min_age).toBe(19));
    expect(screen.getByTestId('actor-range-age-value')).toHaveTextContent('19 – 100');
    press('Age: lowest', 'ArrowLeft');
    await waitFor(() => expect(shownFilters().min_age).toBe(0));
    expect(screen.getByTestId('actor-range-age-value')).toHaveTextContent('Any');
  });

  it('step the scene rating by quarters and the height in cm', async () => {
    serveSidebar();
    renderSidebar();
    press('Average scene rating: lowest', 'ArrowRight');
    await waitFor(() => expect(shownFilters().min_scene_rating).toBe(0.25));
    expect(screen.getByTestId('actor-range-scene_rating-value')).toHaveTextContent('0.25 – 5.00');
    press('Rating: highest', 'ArrowLeft');
    await waitFor(() => expect(shownFilters().max_rating).toBe(4.5));
    press('Height (cm): highest', 'ArrowLeft');
    await waitFor(() => expect(shownFilters().max_height).toBe(219));
  });

  it('show the bounds the route holds', () => {
    serveSidebar();
    renderSidebar(actorsPath({ ...DEFAULT_ACTOR_FILTERS, min_weight: 50, max_weight: 80 }));
    const weight = screen.getByTestId('actor-range-weight');
    expect(within(weight).getByRole('slider', { name: 'Weight (kg): lowest' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(within(weight).getByTestId('actor-range-weight-value')).toHaveTextContent('50 – 80');
  });
});

describe('the card size', () => {
  it('is read from localStorage and never put into q', () => {
    window.localStorage.setItem('fovea.actors.cardSize', '3');
    serveSidebar();
    renderSidebar('/actors');
    expect(screen.getByTestId('card-size')).toHaveTextContent('3');
    expect(currentLocation()).toBe('/actors');
  });
});
