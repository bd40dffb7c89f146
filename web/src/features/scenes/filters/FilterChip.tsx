import { useTranslation } from 'react-i18next';
import { EntryChip } from '../../../components/filter-sidebar/EntryChip';
import { MODE_SYMBOL, entryParts } from './picker-options';

interface FilterChipProps {
  entry: string;
  /** Names the field in test ids (cast, tags, ...). */
  field: string;
  onCycle: () => void;
  onRemove: () => void;
}

/** A chosen filter entry: a click changes its mode (include, & must have, ! exclude), the cross removes it. */
export function FilterChip({ entry, field, onCycle, onRemove }: FilterChipProps) {
  const { t } = useTranslation();
  const { mode, name } = entryParts(entry);
  const modeText = t(`scenes.picker.mode.${mode}`);
  return (
    <EntryChip
      mode={mode}
      testId={`filter-chip-${field}`}
      removeLabel={t('scenes.picker.remove', { name })}
      onRemove={onRemove}
      hint={t('scenes.picker.cycleHint')}
      label={t('scenes.picker.chipLabel', { name, mode: modeText })}
      onCycle={onCycle}
      textStyle={{ textDecoration: mode === 'exclude' ? 'line-through' : undefined }}
    >
      {MODE_SYMBOL[mode]}
      {name}
    </EntryChip>
  );
}
