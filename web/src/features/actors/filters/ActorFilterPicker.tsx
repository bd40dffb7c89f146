import type { FilterCycle } from '@fovea/contract';
import { FilterPicker } from '../../scenes/filters/FilterPicker';
import type { FilterPickerProps } from '../../scenes/filters/FilterPicker';
import { ActorFilterChip } from './ActorFilterChip';

export type ActorFilterPickerProps = Omit<FilterPickerProps, 'allowNew' | 'testIdPrefix' | 'renderChip'> & {
  cycle: FilterCycle;
};

/**
 * The scene list's searchable picker with the actor chips: a chip click moves the entry to the next mode of
 * the field's cycle (cast two-way, sites and attributes three-way), and the chip names its mode.
 */
export function ActorFilterPicker({ cycle, field, ...picker }: ActorFilterPickerProps) {
  return (
    <FilterPicker
      {...picker}
      field={field}
      testIdPrefix="actor-filter-picker"
      renderChip={(entry, chip) => <ActorFilterChip entry={entry} field={field} cycle={cycle} {...chip} />}
    />
  );
}
