import { Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchHelperButtons } from '../quick-find/SearchHelperButtons';
import type { SearchHelper } from '../quick-find/search-prefix';
import { insertMatchHelper } from './match-navigation';

interface MatchSearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The file's length in whole minutes, for the duration: helper. */
  fileMinutes: number;
}

/** The scene search of the match dialog with the Quick find helper buttons (title:, cast:, site:, ...). */
export function MatchSearchField({ value, onChange, fileMinutes }: MatchSearchFieldProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const pendingCursor = useRef<number | null>(null);

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (pendingCursor.current === null || !input) return;
    input.focus();
    input.setSelectionRange(pendingCursor.current, pendingCursor.current);
    pendingCursor.current = null;
  }, [value]);

  const insert = (helper: SearchHelper) => {
    const input = inputRef.current;
    const start = input?.selectionStart ?? value.length;
    const end = input?.selectionEnd ?? start;
    const edit = insertMatchHelper(value, start, end, helper, fileMinutes);
    pendingCursor.current = edit.cursor;
    onChange(edit.value);
  };

  return (
    <Stack gap={6}>
      <TextInput
        ref={inputRef}
        aria-label={t('match.searchLabel')}
        placeholder={t('quickFind.placeholder')}
        leftSection={<IconSearch size={16} stroke={1.8} />}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      <SearchHelperButtons onInsert={insert} />
    </Stack>
  );
}
