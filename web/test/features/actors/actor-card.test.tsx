import { BLANK_ACTOR_IMAGE } from '@fovea/contract';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActorCard } from '../../../src/features/actors/ActorCard';
import type { ActorCardActions } from '../../../src/features/actors/ActorCard';
import { actorFixture } from '../../fixtures/contract-fixtures';
import { mockApi, renderWithProviders } from '../../test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LOOK = { ratio: '1 / 1', fit: 'contain' as const };

function actions(): ActorCardActions {
  return { open: vi.fn(), toggle: vi.fn(), rate: vi.fn() };
}

describe('actor card', () => {
  it('shows name, age, flag, counts, rating and flags, and opens details from the image and the name', async () => {
    mockApi({});
    const actor = actorFixture({
      id: 4,
      name: 'Jane Doe',
      birth_date: '1990-01-01T00:00:00Z',
      count: 12,
      avail_count: 1,
      star_rating: 3.5,
      favourite: true,
      image_url: 'https://img.example/jane.jpg',
    });
    const given = actions();
    renderWithProviders(
      <ActorCard
        actor={actor}
        look={LOOK}
        country={{ code: 'US', name: 'United States', flag_url: '/flags/us.svg' }}
        actions={given}
      />,
    );
    expect(screen.getByTestId('actor-card-age')).toHaveTextContent(/^\d+ years old$/);
    expect(screen.getByTestId('actor-card-flag')).toHaveAttribute('src', '/flags/us.svg');
    expect(screen.getByTestId('actor-card-counts')).toHaveTextContent('12 scenes / 1 available');
    expect(screen.getByRole('slider', { name: 'Rating of Jane Doe' })).toHaveAttribute(
      'aria-valuenow',
      '3.5',
    );
    expect(screen.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.queryByTestId('aka-badge')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open the details of Jane Doe' }));
    await userEvent.click(screen.getByTestId('actor-card-name'));
    expect(given.open).toHaveBeenCalledTimes(2);
    await userEvent.click(screen.getByRole('button', { name: 'Add to watchlist' }));
    expect(given.toggle).toHaveBeenCalledWith(actor, 'watchlist');
  });

  it('shows the blank profile without an image or when it fails, and no age when unknown', () => {
    mockApi({});
    renderWithProviders(
      <ActorCard
        actor={actorFixture({ name: 'No Picture', image_url: 'https://img.example/gone.jpg' })}
        look={LOOK}
        country={undefined}
        actions={actions()}
      />,
    );
    const image = screen.getByTestId('actor-card-image');
    expect(image).toHaveAttribute('src', '/img/700x/https://img.example/gone.jpg');
    fireEvent.error(image);
    expect(screen.getByTestId('actor-card-image')).toHaveAttribute('src', BLANK_ACTOR_IMAGE);
    expect(screen.queryByTestId('actor-card-age')).not.toBeInTheDocument();
    expect(screen.queryByTestId('actor-card-flag')).not.toBeInTheDocument();
  });

  it('marks an aka group pseudo-actor', () => {
    mockApi({});
    renderWithProviders(
      <ActorCard
        actor={actorFixture({ name: 'aka:Jane Doe,Jane D', image_url: '' })}
        look={LOOK}
        country={undefined}
        actions={actions()}
      />,
    );
    expect(screen.getByTestId('aka-badge')).toHaveTextContent('Aka group of 2');
    expect(screen.getByTestId('actor-card-image')).toHaveAttribute('src', BLANK_ACTOR_IMAGE);
  });
});
