import { Combobox, Group, InputBase, Stack, useCombobox } from '@mantine/core';
import { filterEntryName } from '@fovea/contract';
import { Fragment, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { FilterChip } from './FilterChip';
import { matchingOptions } from './picker-options';

export interface FilterPickerProps {
  /** Field name, for test ids. */
  field: string;
  label: string;
  placeholder: string;
  /** Shown when no choice matches the search text. */
  nothingFound: string;
  options: readonly string[];
  /** The chosen entries, with their prefixes. */
  entries: readonly string[];
  onAdd: (name: string) => void;
  onCycle: (index: number) => void;
  onRemove: (name: string) => void;
  /** Enter adds the typed text even when it is not a choice (cuepoint patterns with * wildcards). */
  allowNew?: boolean;
  /** The search box's test id prefix (`<prefix>-<field>`). */
  testIdPrefix?: string;
  /** Draws one chosen entry (default: the scene list's FilterChip). */
  renderChip?: (entry: string, chip: { onCycle: () => void; onRemove: () => void }) => ReactNode;
}

/**
 * A searchable picker (choosing adds the entry as include) with the chosen entries as chips below it; a chip
 * click cycles its mode. Lists at most 50 matches, so thousands of names stay quick.
 */
export function FilterPicker({
  field,
  label,
  placeholder,
  nothingFound,
  options,
  entries,
  onAdd,
  onCycle,
  onRemove,
  allowNew = false,
  testIdPrefix = 'filter-picker',
  renderChip,
}: FilterPickerProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState('');
  const matches = useMemo(() => matchingOptions(options, search, entries), [options, search, entries]);

  const add = (name: string) => {
    onAdd(name);
    setSearch('');
    combobox.resetSelectedOption();
    // Closed, so the list does not cover the chips below; typing opens it again.
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
            data-testid={`${testIdPrefix}-${field}`}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              combobox.openDropdown();
              combobox.updateSelectedOptionIndex();
            }}
            onClick={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={(event) => {
              const typed = search.trim();
              const alreadyChosen = entries.some((entry) => filterEntryName(entry) === typed);
              if (
                event.key === 'Enter' &&
                allowNew &&
                typed !== '' &&
                combobox.getSelectedOptionIndex() < 0
              ) {
                event.preventDefault();
                if (!alreadyChosen) add(typed);
              }
            }}
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
          {entries.map((entry, index) => {
            const chip = {
              onCycle: () => onCycle(index),
              onRemove: () => onRemove(filterEntryName(entry)),
            };
            return (
              <Fragment key={filterEntryName(entry)}>
                {renderChip ? renderChip(entry, chip) : <FilterChip entry={entry} field={field} {...chip} />}
              </Fragment>
            );
          })}
        </Group>
      )}
    </Stack>
  );
}
