import { splitFilterEntry } from '@fovea/contract';
import type { FilterCycle, FilterMode } from '@fovea/contract';
import { useTranslation } from 'react-i18next';
import { EntryChip } from '../../../components/filter-sidebar/EntryChip';

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
    <EntryChip
      mode={mode}
      testId={`actor-filter-chip-${field}`}
      removeLabel={t('actorFilters.remove', { name })}
      onRemove={onRemove}
      hint={t('actorFilters.cycleHint', { next: nextText })}
      label={t('actorFilters.chipLabel', { name, mode: modeText, next: nextText })}
      onCycle={onCycle}
    >
      <span style={{ fontWeight: 700, textTransform: 'uppercase', fontSize: '0.8em' }}>{modeText}</span>{' '}
      <span style={{ textDecoration: mode === 'exclude' ? 'line-through' : undefined }}>{name}</span>
    </EntryChip>
  );
}
