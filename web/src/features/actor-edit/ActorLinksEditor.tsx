import type { ActorUrl } from '@fovea/contract';
import { ActionIcon, Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { httpUrl } from './scraper-source';

interface ActorLinksEditorProps {
  links: readonly ActorUrl[];
  onChange: (links: ActorUrl[]) => void;
  /**
   * Gives the type of a new URL (the Actor Scraper tab derives it from the domain); without it the user types
   * the type. Returns null when the URL cannot be added, with the message key in `refusal`.
   */
  deriveType?: (url: string) => { type: string } | { refusal: ParseKeys };
  label: string;
  emptyText: string;
  testId: string;
  error?: string;
}

/** A list of actor URLs, each with its type: add (a valid http(s) URL, not already listed) and remove. */
export function ActorLinksEditor({
  links,
  onChange,
  deriveType,
  label,
  emptyText,
  testId,
  error,
}: ActorLinksEditorProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [type, setType] = useState('');
  const [problem, setProblem] = useState<ParseKeys | null>(null);

  const add = () => {
    const value = url.trim();
    if (value === '') return;
    if (httpUrl(value) === null) return setProblem('errors.invalidUrl');
    if (links.some((link) => link.url === value)) return setProblem('sceneEdit.alreadyInList');
    const derived = deriveType?.(value) ?? { type: type.trim() };
    if ('refusal' in derived) return setProblem(derived.refusal);
    onChange([...links, { url: value, type: derived.type }]);
    setUrl('');
    setType('');
  };
  const onEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <Stack gap="xs" data-testid={testId}>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label={label}
          placeholder="https://"
          value={url}
          style={{ flex: 2 }}
          error={problem !== null ? t(problem) : error}
          onChange={(event) => {
            setUrl(event.currentTarget.value);
            setProblem(null);
          }}
          onKeyDown={onEnter}
        />
        {deriveType === undefined && (
          <TextInput
            label={t('actorEdit.linkType')}
            placeholder={t('actorEdit.linkTypePlaceholder')}
            value={type}
            style={{ flex: 1 }}
            onChange={(event) => setType(event.currentTarget.value)}
            onKeyDown={onEnter}
          />
        )}
        <Button
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={url.trim() === ''}
          onClick={add}
          mt={25}
        >
          {t('sceneEdit.add')}
        </Button>
      </Group>
      {links.length === 0 && (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      )}
      {links.map((link, index) => (
        <Paper key={link.url} withBorder p={6} radius="sm" data-testid={`${testId}-item`}>
          <Group gap="xs" wrap="nowrap">
            <Anchor
              href={link.url}
              target="_blank"
              rel="noreferrer"
              size="sm"
              style={{ flex: 1, minWidth: 0, wordBreak: 'break-all' }}
            >
              {link.url}
            </Anchor>
            {link.type !== '' && (
              <Badge size="sm" variant="light" style={{ flex: 'none' }}>
                {link.type}
              </Badge>
            )}
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={t('sceneEdit.remove', { item: link.url })}
              onClick={() => onChange(links.filter((_, other) => other !== index))}
            >
              <IconX size={14} />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
