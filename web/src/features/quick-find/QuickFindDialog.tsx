import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_HELPERS, insertSearchHelper } from './search-prefix';
import type { SearchHelper } from './search-prefix';

interface QuickFindDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Runs a non-empty search (results arrive with the scenes screen). */
  onSearch?: (query: string) => void;
}

export const QUICK_FIND_WIDTH = 600;

export function QuickFindDialog({ opened, onClose, onSearch }: QuickFindDialogProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const pendingCursor = useRef<number | null>(null);

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = query.trim();
    if (text === '') return;
    onSearch?.(text);
  };

  return (
    <Modal opened={opened} onClose={onClose} size={QUICK_FIND_WIDTH} title={t('quickFind.title')} radius="md">
      <form onSubmit={submit} data-testid="quick-find">
        <Stack gap="sm">
          <TextInput
            ref={inputRef}
            data-autofocus
            aria-label={t('quickFind.searchLabel')}
            placeholder={t('quickFind.placeholder')}
            leftSection={<IconSearch size={16} stroke={1.8} />}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
          />
          <Group gap={6} role="group" aria-label={t('quickFind.helpers')}>
            {SEARCH_HELPERS.map((helper) => (
              <Button
                key={helper}
                variant="light"
                size="compact-sm"
                ff="monospace"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => insert(helper)}
              >
                {t(`quickFind.helper.${helper}`)}
              </Button>
            ))}
          </Group>
          <Text size="sm" c="dimmed">
            {t('quickFind.hint')}
          </Text>
        </Stack>
      </form>
    </Modal>
  );
}
