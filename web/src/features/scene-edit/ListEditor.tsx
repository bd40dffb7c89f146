import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ListEditorProps {
  items: readonly string[];
  onChange: (items: string[]) => void;
  /** Label of the field that adds an entry. */
  label: string;
  placeholder?: string;
  emptyText: string;
  /** Up/down buttons to change the order. */
  reorder?: boolean;
  /** A badge on the first entry (e.g. "Cover"). */
  firstBadge?: string;
  renderPreview?: (item: string) => ReactNode;
  testId: string;
}

/** Moves the entry at `index` by `step` places; other entries keep their order. */
export function moveItem(items: readonly string[], index: number, step: -1 | 1): string[] {
  const target = index + step;
  if (target < 0 || target >= items.length) return [...items];
  const out = [...items];
  const [item] = out.splice(index, 1);
  if (item !== undefined) out.splice(target, 0, item);
  return out;
}

/**
 * A list of texts (file names, image URLs) to add to, remove from and, optionally, reorder. An entry already
 * in the list is refused with a message.
 */
export function ListEditor({
  items,
  onChange,
  label,
  placeholder,
  emptyText,
  reorder = false,
  firstBadge,
  renderPreview,
  testId,
}: ListEditorProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [duplicate, setDuplicate] = useState(false);

  const add = () => {
    const value = text.trim();
    if (value === '') return;
    if (items.includes(value)) {
      setDuplicate(true);
      return;
    }
    onChange([...items, value]);
    setText('');
  };

  return (
    <Stack gap="xs" data-testid={testId}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label={label}
          placeholder={placeholder}
          value={text}
          style={{ flex: 1 }}
          error={duplicate ? t('sceneEdit.alreadyInList') : undefined}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setDuplicate(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={text.trim() === ''}
          onClick={add}
          mb={duplicate ? 22 : 0}
        >
          {t('sceneEdit.add')}
        </Button>
      </Group>
      {items.length === 0 && (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      )}
      {items.map((item, index) => (
        <Paper key={item} withBorder p={6} radius="sm" data-testid={`${testId}-item`}>
          <Group gap="xs" wrap="nowrap">
            {renderPreview?.(item)}
            <Text size="sm" style={{ flex: 1, minWidth: 0, wordBreak: 'break-all' }}>
              {item}
            </Text>
            {index === 0 && firstBadge !== undefined && (
              <Badge size="sm" variant="light">
                {firstBadge}
              </Badge>
            )}
            {reorder && (
              <>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={t('sceneEdit.moveUp', { item })}
                  disabled={index === 0}
                  onClick={() => onChange(moveItem(items, index, -1))}
                >
                  <IconArrowUp size={14} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={t('sceneEdit.moveDown', { item })}
                  disabled={index === items.length - 1}
                  onClick={() => onChange(moveItem(items, index, 1))}
                >
                  <IconArrowDown size={14} />
                </ActionIcon>
              </>
            )}
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={t('sceneEdit.remove', { item })}
              onClick={() => onChange(items.filter((_, other) => other !== index))}
            >
              <IconX size={14} />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
