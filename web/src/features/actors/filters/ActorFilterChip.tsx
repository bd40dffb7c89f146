import { Badge, CloseButton, Tooltip, UnstyledButton } from '@mantine/core';
import { TOOLTIP_DELAY_MS, splitFilterEntry } from '@fovea/contract';
import type { FilterCycle, FilterMode } from '@fovea/contract';
import { useTranslation } from 'react-i18next';

/** Colour of each mode: include blue, must have teal, exclude red. */
export const ACTOR_MODE_COLOUR: Record<FilterMode, string> = {
  include: 'blue',
  must: 'teal',
  exclude: 'red',
};

/** The mode one click gives, on this field's cycle (a mode the cycle does not know goes to include). */
export function nextMode(mode: FilterMode, cycle: FilterCycle): FilterMode {
  const index = cycle.indexOf(mode);
  return index === -1 ? 'include' : (cycle[(index + 1) % cycle.length] ?? 'include');
}

interface ActorFilterChipProps {
  entry: string;
  /** Names the field in test ids (cast, sites, attributes). */
  field: string;
  cycle: FilterCycle;
  onCycle: () => void;
  onRemove: () => void;
}

/**
 * A chosen actor filter entry. Its mode shows three ways: a word before the name ("Include", "Must have",
 * "Exclude"), the colour, and the accessible name; the tooltip names the mode the next click gives. The cross
 * removes the entry.
 */
export function ActorFilterChip({ entry, field, cycle, onCycle, onRemove }: ActorFilterChipProps) {
  const { t } = useTranslation();
  const { mode, name } = splitFilterEntry(entry);
  const modeText = t(`actorFilters.mode.${mode}`);
  const nextText = t(`actorFilters.mode.${nextMode(mode, cycle)}`);
  return (
    <Badge
      color={ACTOR_MODE_COLOUR[mode]}
      variant={mode === 'include' ? 'light' : 'filled'}
      radius="sm"
      size="lg"
      tt="none"
      fw={500}
      maw="100%"
      data-testid={`actor-filter-chip-${field}`}
      data-mode={mode}
      rightSection={
        <CloseButton
          size="xs"
          variant="transparent"
          c="inherit"
          aria-label={t('actorFilters.remove', { name })}
          onClick={onRemove}
        />
      }
      styles={{ label: { overflow: 'hidden' } }}
    >
      <Tooltip
        label={t('actorFilters.cycleHint', { next: nextText })}
        openDelay={TOOLTIP_DELAY_MS}
        withinPortal
      >
        <UnstyledButton
          onClick={onCycle}
          c="inherit"
          fz="inherit"
          aria-label={t('actorFilters.chipLabel', { name, mode: modeText, next: nextText })}
        >
          <span style={{ fontWeight: 700, textTransform: 'uppercase', fontSize: '0.8em' }}>{modeText}</span>{' '}
          <span style={{ textDecoration: mode === 'exclude' ? 'line-through' : undefined }}>{name}</span>
        </UnstyledButton>
      </Tooltip>
    </Badge>
  );
}
