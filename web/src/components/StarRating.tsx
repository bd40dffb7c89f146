import { memo, useState } from 'react';
import type { CSSProperties, KeyboardEvent, PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './star-rating.module.css';

export const MAX_STARS = 5;

const SIZE_PX = { xs: 14, sm: 18, md: 24 } as const;

export interface StarRatingProps {
  /** 0 to 5; 0 = not rated. */
  value: number;
  /** Called with the new rating (0 resets). Without it the rating is read-only. */
  onChange?(value: number): void;
  /** Half stars (ratings) or quarter stars (display-only averages). */
  step?: 0.5 | 0.25;
  readOnly?: boolean;
  size?: 'xs' | 'sm' | 'md';
  /** Accessible name; "Rating" by default. */
  label?: string;
}

/** The value rounded to the step and kept within 0-5. */
export function snapRating(value: number, step: number): number {
  const snapped = Math.round(value / step) * step;
  return Math.min(MAX_STARS, Math.max(0, snapped));
}

/** The rating under a pointer `offset` px into a strip `width` px wide: the step the pointer is in, at least one. */
export function ratingAt(offset: number, width: number, step: number): number {
  if (width <= 0) return step;
  const raw = (offset / width) * MAX_STARS;
  return Math.min(MAX_STARS, Math.max(step, Math.ceil(raw / step) * step));
}

/** The rating a key gives, or null when the key does not rate. */
export function ratingForKey(key: string, value: number, step: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return snapRating(value + step, step);
    case 'ArrowLeft':
    case 'ArrowDown':
      return snapRating(value - step, step);
    case 'Home':
    case '0':
    case 'Backspace':
    case 'Delete':
      return 0;
    case 'End':
      return MAX_STARS;
    default:
      return /^[1-5]$/.test(key) ? Number(key) : null;
  }
}

/**
 * Five stars in half steps (quarter steps for averages). Interactive: click a star half to rate, click the
 * current rating again to reset; keys: arrows step, Home/0/Backspace reset, End = 5, 1-5 whole stars. One
 * masked strip per rating keeps thousands of cards light.
 */
export const StarRating = memo(function StarRating({
  value,
  onChange,
  step = 0.5,
  readOnly = false,
  size = 'sm',
  label,
}: StarRatingProps) {
  const { t } = useTranslation();
  const [hover, setHover] = useState<number | null>(null);
  const interactive = !readOnly && onChange !== undefined;
  const current = snapRating(value, step);
  const shown = interactive && hover !== null ? hover : current;
  const px = SIZE_PX[size];
  const name = label ?? t('starRating.label');
  const valueText =
    current === 0 ? t('starRating.notRated') : t('starRating.value', { value: current, max: MAX_STARS });
  const strip = (
    <span
      className={classes.stars}
      style={
        {
          width: px * MAX_STARS,
          height: px,
          '--star-size': `${px}px`,
          '--star-fill': `${(shown / MAX_STARS) * 100}%`,
        } as CSSProperties
      }
    />
  );

  if (!interactive) {
    return (
      <span className={classes.root} role="img" aria-label={`${name}: ${valueText}`} data-rating={current}>
        {strip}
      </span>
    );
  }

  const pointerRating = (event: PointerEvent<HTMLSpanElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return ratingAt(event.clientX - box.left, box.width, step);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const next = ratingForKey(event.key, current, step);
    if (next === null) return;
    event.preventDefault();
    event.stopPropagation();
    if (next !== current) onChange(next);
  };

  return (
    <span
      className={`${classes.root} ${classes.interactive}`}
      role="slider"
      tabIndex={0}
      aria-label={name}
      aria-valuemin={0}
      aria-valuemax={MAX_STARS}
      aria-valuenow={current}
      aria-valuetext={valueText}
      data-rating={current}
      onPointerMove={(event) => setHover(pointerRating(event))}
      onPointerLeave={() => setHover(null)}
      onClick={(event) => {
        event.stopPropagation();
        const box = event.currentTarget.getBoundingClientRect();
        const picked = ratingAt(event.clientX - box.left, box.width, step);
        onChange(picked === current ? 0 : picked);
      }}
      onKeyDown={onKeyDown}
    >
      {strip}
    </span>
  );
});
