import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Gallery } from '../../src/components/gallery/Gallery';
import { renderWithProviders } from '../test-utils';

const URLS = ['https://cdn.example/a.jpg', 'https://cdn.example/b.jpg', 'https://cdn.example/c.jpg'];

function Controlled({ urls, blankSrc }: { urls: string[]; blankSrc?: string }) {
  const [slide, setSlide] = useState(0);
  return (
    <Gallery
      urls={urls}
      slide={slide}
      onSlideChange={setSlide}
      testId="gallery"
      imageTestId="gallery-picture"
      thumbHeight={40}
      reserve={220}
      blankSrc={blankSrc}
    />
  );
}

describe('Gallery', () => {
  it('says an empty gallery has no pictures, without arrows or strip', () => {
    renderWithProviders(<Controlled urls={[]} />);
    const gallery = screen.getByTestId('gallery');
    expect(gallery).toHaveAttribute('data-slides', '0');
    expect(screen.getByTestId('gallery-empty')).toHaveTextContent('No pictures');
    expect(screen.queryByRole('button', { name: 'Next picture' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows the blank picture for an empty gallery when it has one', () => {
    renderWithProviders(<Controlled urls={[]} blankSrc="/ui/blank.png" />);
    expect(screen.getByRole('img', { name: 'No picture' })).toHaveAttribute('src', '/ui/blank.png');
    expect(screen.queryByTestId('gallery-empty')).not.toBeInTheDocument();
  });

  it('steps with the arrows, wrapping at both ends, and jumps from the strip', async () => {
    const u = userEvent.setup();
    renderWithProviders(<Controlled urls={URLS} />);
    const gallery = screen.getByTestId('gallery');
    expect(screen.getByTestId('gallery-picture')).toHaveAttribute(
      'src',
      '/img/700,fit/https://cdn.example/a.jpg',
    );
    await u.click(screen.getByRole('button', { name: 'Previous picture' }));
    expect(gallery).toHaveAttribute('data-slide', '2');
    await u.click(screen.getByRole('button', { name: 'Next picture' }));
    expect(gallery).toHaveAttribute('data-slide', '0');
    await u.click(screen.getByRole('button', { name: 'Picture 2 of 3' }));
    expect(gallery).toHaveAttribute('data-slide', '1');
    expect(screen.getByTestId('gallery-picture')).toHaveAttribute('alt', 'Picture 2 of 3');
  });

  it('a picture that does not load shows the blank, or nothing without one', () => {
    const { unmount } = renderWithProviders(<Controlled urls={URLS} blankSrc="/ui/blank.png" />);
    fireEvent.error(screen.getByTestId('gallery-picture'));
    expect(screen.getByTestId('gallery-picture')).toHaveAttribute('src', '/ui/blank.png');
    unmount();
    renderWithProviders(<Controlled urls={URLS} />);
    fireEvent.error(screen.getByTestId('gallery-picture'));
    expect(screen.queryByTestId('gallery-picture')).not.toBeInTheDocument();
    expect(screen.getByTestId('gallery')).toHaveAttribute('data-slides', '3');
  });
});
