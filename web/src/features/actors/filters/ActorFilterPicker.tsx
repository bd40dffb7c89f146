import { Combobox, Group, InputBase, Stack, useCombobox } from '@mantine/core';
import { filterEntryName } from '@fovea/contract';
import type { FilterCycle } from '@fovea/contract';
import { useMemo, useState } from 'react';
import { matchingOptions } from '../../scenes/filters/picker-options';
import { ActorFilterChip } from './ActorFilterChip';

export interface ActorFilterPickerProps {
  /** Field name, for test ids. */
  field: string;
  label: string;
  placeholder: string;
  /** Shown when no choice matches the search text. */
  nothingFound: string;
  options: readonly string[];
  /** The chosen entries, with their prefixes. */
  entries: readonly string[];
  cycle: FilterCycle;
  onAdd: (name: string) => void;
  onCycle: (index: number) => void;
  onRemove: (name: string) => void;
}

/**
 * A searchable picker (choosing adds the entry as include) with the chosen entries as chips below it; a chip
 * click moves it to the next mode of the field's cycle. Lists at most 50 matches, so thousands of names stay
 * quick.
 */
export function ActorFilterPicker({
  field,
  label,
  placeholder,
  nothingFound,
  options,
  entries,
  cycle,
  onAdd,
  onCycle,
  onRemove,
}: ActorFilterPickerProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState('');
  const matches = useMemo(() => matchingOptions(options, search, entries), [options, search, entries]);

  const add = (name: string) => {
    onAdd(name);
    setSearch('');
    combobox.resetSelectedOption();
    combobox.closeDropdown();
  };

  return (
    <Stack gap={6}>
      <Combobox store={combobox} onOptionSubmit={add} size="sm" position="bottom-start" withinPortal>
        <Combobox.Target>
          <InputBase
            label={label}
            placeholder={placeholder}
            size="xs"
            value={search}
            data-testid={`actor-filter-picker-${field}`}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              combobox.openDropdown();
              combobox.updateSelectedOptionIndex();
            }}
            onClick={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            rightSectionPointerEvents="none"
            rightSection={<Combobox.Chevron />}
          />
        </Combobox.Target>
        <Combobox.Dropdown>
          <Combobox.Options mah={260} style={{ overflowY: 'auto' }}>
            {matches.length === 0 ? (
              <Combobox.Empty>{nothingFound}</Combobox.Empty>
            ) : (
              matches.map((option) => (
                <Combobox.Option value={option} key={option}>
                  {option}
                </Combobox.Option>
              ))
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      {entries.length > 0 && (
        <Group gap={4}>
          {entries.map((entry, index) => (
            <ActorFilterChip
              key={filterEntryName(entry)}
              entry={entry}
              field={field}
              cycle={cycle}
              onCycle={() => onCycle(index)}
              onRemove={() => onRemove(filterEntryName(entry))}
            />
          ))}
        </Group>
      )}
    </Stack>
  );
}
