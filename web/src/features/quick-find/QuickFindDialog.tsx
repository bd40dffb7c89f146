import type { Scene } from '@fovea/contract';
import { Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isResultMove, moveActive } from './result-navigation';
import { QuickFindResults, QuickFindStatus, resultId } from './QuickFindResults';
import { insertSearchHelper } from './search-prefix';
import { SearchHelperButtons } from './SearchHelperButtons';
import type { SearchHelper } from './search-prefix';
import { useQuickFindSearch } from './use-quick-find-search';

interface QuickFindDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Called with the picked result; the dialog closes first. */
  onSelect: (scene: Scene) => void;
}

export const QUICK_FIND_WIDTH = 600;

/**
 * The Quick find dialog: a 600 px search field with the field helpers and the matching scenes as you type.
 * Up/Down move through the results, Enter or a click picks one. It stays mounted while closed, so
 * the last search is still there when it opens again (its text selected, so typing replaces it).
 */
export function QuickFindDialog({ opened, onClose, onSelect }: QuickFindDialogProps) {
  const { t } = useTranslation();
  const listId = useId();
  const [query, setQuery] = useState('');
  const search = useQuickFindSearch(query);
  const [highlight, setHighlight] = useState({ searchedFor: '', index: -1 });
  const active =
    highlight.searchedFor === search.searchedFor ? Math.min(highlight.index, search.scenes.length - 1) : -1;
  const setActive = (index: number) => setHighlight({ searchedFor: search.searchedFor, index });
  const inputRef = useRef<HTMLInputElement>(null);
  const pendingCursor = useRef<number | null>(null);
  const selectOnFocus = useRef(false);

  // Each opening selects the previous text once the field has focus, so typing replaces it. Closed, the
  // field (kept mounted, hidden) must not keep the focus, or '?' would go on typing into it.
  useEffect(() => {
    const input = inputRef.current;
    const focused = input !== null && document.activeElement === input;
    if (!opened) {
      if (focused) input.blur();
    } else if (focused) input.select();
    else selectOnFocus.current = true;
  }, [opened]);

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (pendingCursor.current === null || !input) return;
    input.focus();
    input.setSelectionRange(pendingCursor.current, pendingCursor.current);
    pendingCursor.current = null;
  }, [query]);

  const insert = (helper: SearchHelper) => {
    const input = inputRef.current;
    const start = input?.selectionStart ?? query.length;
    const end = input?.selectionEnd ?? start;
    const edit = insertSearchHelper(query, start, end, helper);
    pendingCursor.current = edit.cursor;
    setQuery(edit.value);
  };

  const pick = (scene: Scene) => {
    onClose();
    onSelect(scene);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (isResultMove(event.key) && search.scenes.length > 0) {
      event.preventDefault();
      setActive(moveActive(active, search.scenes.length, event.key));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const scene = search.scenes[active];
      if (scene !== undefined) pick(scene);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={QUICK_FIND_WIDTH}
      title={t('quickFind.title')}
      radius="md"
      keepMounted
    >
      <Stack gap="sm" data-testid="quick-find">
        <TextInput
          ref={inputRef}
          data-autofocus
          size="md"
          aria-label={t('quickFind.searchLabel')}
          aria-controls={search.scenes.length > 0 ? listId : undefined}
          aria-activedescendant={active >= 0 ? resultId(listId, active) : undefined}
          aria-busy={search.searching}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('quickFind.placeholder')}
          leftSection={<IconSearch size={18} stroke={1.8} />}
          rightSection={search.searching ? <Loader size="xs" data-testid="quick-find-searching" /> : null}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          onFocus={(event) => {
            if (!selectOnFocus.current) return;
            selectOnFocus.current = false;
            event.currentTarget.select();
          }}
        />
        <SearchHelperButtons onInsert={insert} />
        <QuickFindStatus empty={search.empty} error={search.error} />
        <QuickFindResults
          id={listId}
          scenes={search.scenes}
          active={active}
          onActive={setActive}
          onSelect={pick}
        />
        {search.searchedFor === '' && (
          <Text size="sm" c="dimmed">
            {t('quickFind.hint')}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
