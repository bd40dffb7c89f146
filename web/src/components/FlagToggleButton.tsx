import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

interface FlagToggleButtonProps {
  /** The flag's name, as data-flag (favourite, watchlist, ...). */
  flag: string;
  on: boolean;
  /** What a click does now ("Add to favourites" / "Remove from favourites"): tooltip and accessible name. */
  label: string;
  color: string;
  icon: ReactNode;
  onToggle: () => void;
}

/** A flag of a scene or an actor as a pressed/unpressed icon button with its action as tooltip. */
export function FlagToggleButton({ flag, on, label, color, icon, onToggle }: FlagToggleButtonProps) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant={on ? 'filled' : 'default'}
        color={color}
        size="lg"
        aria-label={label}
        aria-pressed={on}
        data-flag={flag}
        onClick={onToggle}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
