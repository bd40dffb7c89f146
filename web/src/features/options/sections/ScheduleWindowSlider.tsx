import { RangeSlider } from '@mantine/core';
import { SCHEDULE_LIMITS } from '@fovea/contract';
import { useEffect, useRef, useState } from 'react';
import { windowFromSlider } from './schedule-values';

type Hours = [number, number];

interface ScheduleWindowSliderProps {
  /** The stored window: [hourStart, hourEnd], 0-48. */
  value: Hours;
  disabled: boolean;
  /** Clock label of an hour (0-48). */
  clock: (hour: number) => string;
  marks: { value: number; label: string }[];
  startLabel: string;
  endLabel: string;
  /** The window the thumbs stand for: what is shown while dragging. */
  onDraft: (window: Hours | null) => void;
  onCommit: (window: { hourStart: number; hourEnd: number }) => void;
}

/**
 * The time window's range slider: 0-48 hours, at most 23 hours wide (the other thumb is pushed along), a start
 * past 23 put back to 23 when the thumb is let go (or at once with the keyboard).
 *
 * The thumbs follow the pointer freely while dragging and the clamped window is committed at the end of a move,
 * one task later: Mantine keeps its own copy of the value and only takes the controlled one again when it
 * differs from the last render's, so the unclamped position has to be rendered once before the clamped one.
 */
export function ScheduleWindowSlider({
  value,
  disabled,
  clock,
  marks,
  startLabel,
  endLabel,
  onDraft,
  onCommit,
}: ScheduleWindowSliderProps) {
  const [draft, setDraft] = useState<Hours | null>(null);
  const commitTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (commitTimer.current !== null) clearTimeout(commitTimer.current);
    },
    [],
  );
  const follow = (next: Hours | null) => {
    setDraft(next);
    onDraft(next);
  };

  return (
    <RangeSlider
      min={SCHEDULE_LIMITS.window.min}
      max={SCHEDULE_LIMITS.window.max}
      minRange={0}
      maxRange={SCHEDULE_LIMITS.maxWindowSpan}
      value={draft ?? value}
      disabled={disabled}
      label={clock}
      thumbFromLabel={startLabel}
      thumbToLabel={endLabel}
      thumbValueText={clock}
      marks={marks}
      onChange={follow}
      onChangeEnd={(next) => {
        if (commitTimer.current !== null) clearTimeout(commitTimer.current);
        commitTimer.current = setTimeout(() => {
          commitTimer.current = null;
          follow(null);
          onCommit(windowFromSlider(next));
        }, 0);
      }}
      mx="md"
      mb="lg"
    />
  );
}
