import { Badge, CloseButton, Tooltip, UnstyledButton } from '@mantine/core';
import { TOOLTIP_DELAY_MS } from '@fovea/contract';
import type { FilterMode } from '@fovea/contract';
import type { CSSProperties, ReactNode } from 'react';

/** Colour of each mode: include blue, must have teal, exclude red. */
export const MODE_COLOUR: Record<FilterMode, string> = { include: 'blue', must: 'teal', exclude: 'red' };

interface EntryChipProps {
  mode: FilterMode;
  testId: string;
  /** The cross's accessible name. */
  removeLabel: string;
  onRemove: () => void;
  /** The tooltip of the entry (what a click does). */
  hint: string;
  /** The entry's accessible name (its mode in words). */
  label: string;
  onCycle: () => void;
  /** How the entry's text is drawn (a strike-through when excluded). */
  textStyle?: CSSProperties;
  children: ReactNode;
}

/** A chosen filter entry of a picker: a click changes its mode, the cross removes it; its colour is its mode. */
export function EntryChip(props: EntryChipProps) {
  const { mode } = props;
  return (
    <Badge
      color={MODE_COLOUR[mode]}
      variant={mode === 'include' ? 'light' : 'filled'}
      radius="sm"
      size="lg"
      tt="none"
      fw={500}
      maw="100%"
      data-testid={props.testId}
      data-mode={mode}
      rightSection={
        <CloseButton
          size="xs"
          variant="transparent"
          c="inherit"
          aria-label={props.removeLabel}
          onClick={props.onRemove}
        />
      }
      styles={{ label: { overflow: 'hidden' } }}
    >
      <Tooltip label={props.hint} openDelay={TOOLTIP_DELAY_MS} withinPortal>
        <UnstyledButton
          onClick={props.onCycle}
          c="inherit"
          fz="inherit"
          aria-label={props.label}
          // A long name (a "tag group:..." entry) ends in an ellipsis inside the chip instead of being cut.
          style={{
            display: 'block',
            maxWidth: '100%',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            ...props.textStyle,
          }}
        >
          {props.children}
        </UnstyledButton>
      </Tooltip>
    </Badge>
  );
}
