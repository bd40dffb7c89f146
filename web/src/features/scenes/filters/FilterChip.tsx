import { Badge, CloseButton, Tooltip, UnstyledButton } from '@mantine/core';
import { TOOLTIP_DELAY_MS } from '@fovea/contract';
import { useTranslation } from 'react-i18next';
import { MODE_COLOUR, MODE_SYMBOL, entryParts } from './picker-options';

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
    <Badge
      color={MODE_COLOUR[mode]}
      variant={mode === 'include' ? 'light' : 'filled'}
      radius="sm"
      size="lg"
      tt="none"
      fw={500}
      maw="100%"
      data-testid={`filter-chip-${field}`}
      data-mode={mode}
      rightSection={
        <CloseButton
          size="xs"
          variant="transparent"
          c="inherit"
          aria-label={t('scenes.picker.remove', { name })}
          onClick={onRemove}
        />
      }
      styles={{ label: { overflow: 'hidden' } }}
    >
      <Tooltip label={t('scenes.picker.cycleHint')} openDelay={TOOLTIP_DELAY_MS} withinPortal>
        <UnstyledButton
          onClick={onCycle}
          c="inherit"
          fz="inherit"
          aria-label={t('scenes.picker.chipLabel', { name, mode: modeText })}
          style={{ textDecoration: mode === 'exclude' ? 'line-through' : undefined }}
        >
          {MODE_SYMBOL[mode]}
          {name}
        </UnstyledButton>
      </Tooltip>
    </Badge>
  );
}
