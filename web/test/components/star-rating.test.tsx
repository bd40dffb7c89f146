import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { StarRating, ratingAt, ratingForKey, snapRating } from '../../src/components/StarRating';
import { renderWithProviders } from '../test-utils';

function Controlled({ initial = 0, onChange }: { initial?: number; onChange?: (value: number) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <StarRating
      value={value}
      onChange={(next) => {
        onChange?.(next);
        setValue(next);
      }}
    />
  );
}

/** Gives the rating strip a 100 px wide box at x = 0, so a click at x picks x / 20 stars. */
function stubBox(element: HTMLElement) {
  vi.spyOn(element, 'getBoundingClientRect').mockReturnValue({
    x: 0,
    y: 0,
    left: 0,
    top: 0,
    right: 100,
    bottom: 20,
    width: 100,
    height: 20,
    toJSON: () => ({}),
  });
}

describe('StarRating helpers', () => {
  it('snaps to the step within 0-5', () => {
    expect(snapRating(3.3, 0.5)).toBe(3.5);
    expect(snapRating(3.2, 0.5)).toBe(3);
    expect(snapRating(3.8, 0.25)).toBe(3.75);
    expect(snapRating(7, 0.5)).toBe(5);
    expect(snapRating(-1, 0.5)).toBe(0);
  });

  it('picks the half star under the pointer, at least one step', () => {
    expect(ratingAt(0, 100, 0.5)).toBe(0.5);
    expect(ratingAt(9, 100, 0.5)).toBe(0.5);
    expect(ratingAt(11, 100, 0.5)).toBe(1);
    expect(ratingAt(50, 100, 0.5)).toBe(2.5);
    expect(ratingAt(51, 100, 0.5)).toBe(3);
    expect(ratingAt(100, 100, 0.5)).toBe(5);
    expect(ratingAt(140, 100, 0.5)).toBe(5);
  });

  it('maps keys to ratings', () => {
    expect(ratingForKey('ArrowRight', 2, 0.5)).toBe(2.5);
    expect(ratingForKey('ArrowUp', 5, 0.5)).toBe(5);
    expect(ratingForKey('ArrowLeft', 0.5, 0.5)).toBe(0);
    expect(ratingForKey('ArrowDown', 0, 0.5)).toBe(0);
    expect(ratingForKey('End', 1, 0.5)).toBe(5);
    expect(ratingForKey('Home', 3, 0.5)).toBe(0);
    expect(ratingForKey('0', 3, 0.5)).toBe(0);
    expect(ratingForKey('4', 1, 0.5)).toBe(4);
    expect(ratingForKey('a', 1, 0.5)).toBeNull();
  });
});

describe('StarRating', () => {
  it('is a labelled slider that rates in half steps with the arrow keys', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Controlled onChange={onChange} />);
    const slider = screen.getByRole('slider', { name: 'Rating' });
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    expect(slider).toHaveAttribute('aria-valuetext', 'Not rated');

    await user.tab();
    expect(slider).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(onChange.mock.calls.map(([value]) => value as number)).toEqual([0.5, 1, 1.5]);
    expect(slider).toHaveAttribute('aria-valuenow', '1.5');
    expect(slider).toHaveAttribute('aria-valuetext', '1.5 of 5 stars');

    await user.keyboard('{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuenow', '1');
    await user.keyboard('{End}');
    expect(slider).toHaveAttribute('aria-valuenow', '5');
    await user.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith(5);
    expect(onChange).toHaveBeenCalledTimes(5);
    await user.keyboard('0');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
  });

  it('keeps handled keys from the page shortcuts', () => {
    const outer = vi.fn();
    window.addEventListener('keydown', outer);
    renderWithProviders(<Controlled initial={2} />);
    const slider = screen.getByRole('slider');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'x' });
    window.removeEventListener('keydown', outer);
    expect(outer).toHaveBeenCalledTimes(1);
    expect((outer.mock.calls[0]?.[0] as KeyboardEvent).key).toBe('x');
  });

  it('rates the half star clicked and resets when the current rating is clicked again', () => {
    renderWithProviders(<Controlled initial={1} />);
    const slider = screen.getByRole('slider');
    stubBox(slider);
    fireEvent.click(slider, { clientX: 65 });
    expect(slider).toHaveAttribute('aria-valuenow', '3.5');
    fireEvent.click(slider, { clientX: 61 });
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    // Hovering previews the rating under the pointer without setting it.
    const strip = slider.firstElementChild as HTMLElement;
    fireEvent.pointerMove(slider, { clientX: 99 });
    expect(strip.style.getPropertyValue('--star-fill')).toBe('100%');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    fireEvent.pointerLeave(slider);
    expect(strip.style.getPropertyValue('--star-fill')).toBe('0%');
  });

  it('read-only: shows quarter-step averages and does not react', () => {
    const onChange = vi.fn();
    renderWithProviders(<StarRating value={3.8} step={0.25} readOnly onChange={onChange} label="Average" />);
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
    const image = screen.getByRole('img', { name: 'Average: 3.75 of 5 stars' });
    expect(image).toHaveAttribute('data-rating', '3.75');
    fireEvent.click(image);
    fireEvent.keyDown(image, { key: 'ArrowRight' });
    expect(onChange).not.toHaveBeenCalled();
  });

  it('is read-only without onChange and rounds to half stars by default', () => {
    renderWithProviders(<StarRating value={2.3} />);
    expect(screen.getByRole('img', { name: 'Rating: 2.5 of 5 stars' })).toBeInTheDocument();
  });
});
