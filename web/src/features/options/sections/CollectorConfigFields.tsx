import { ActionIcon, Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { CollectorCookie, CollectorKeyValue } from '@fovea/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EMPTY_COOKIE, EMPTY_HEADER } from './scrapers-collector-config';
import type { CollectorDraft } from './scrapers-collector-config';

const TEXT_MAX = 4_096;
const BODY_MAX = 100_000;
const COOKIE_FIELDS = ['name', 'value', 'domain', 'path', 'host'] as const;

function replaceAt<T>(rows: readonly T[], index: number, row: T): T[] {
  return rows.map((current, i) => (i === index ? row : current));
}

function HeaderRows({
  headers,
  onChange,
}: {
  headers: CollectorKeyValue[];
  onChange: (headers: CollectorKeyValue[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} data-testid="collector-headers">
      <Text fw={600} size="sm">
        {t('options.collector.headers')}
      </Text>
      {headers.map((header, index) => (
        <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            flex={1}
            aria-label={t('options.collector.headerKey', { n: index + 1 })}
            placeholder={t('options.collector.key')}
            maxLength={TEXT_MAX}
            value={header.key}
            onChange={(event) =>
              onChange(replaceAt(headers, index, { ...header, key: event.currentTarget.value }))
            }
          />
          <TextInput
            flex={2}
            aria-label={t('options.collector.headerValue', { n: index + 1 })}
            placeholder={t('options.collector.value')}
            maxLength={TEXT_MAX}
            value={header.value}
            onChange={(event) =>
              onChange(replaceAt(headers, index, { ...header, value: event.currentTarget.value }))
            }
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={4}
            aria-label={t('options.collector.removeHeader', { n: index + 1 })}
            onClick={() => onChange(headers.filter((_row, i) => i !== index))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...headers, { ...EMPTY_HEADER }])}
        >
          {t('options.collector.addHeader')}
        </Button>
      </Group>
    </Stack>
  );
}

function CookieRows({
  cookies,
  onChange,
}: {
  cookies: CollectorCookie[];
  onChange: (cookies: CollectorCookie[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} data-testid="collector-cookies">
      <Text fw={600} size="sm">
        {t('options.collector.cookies')}
      </Text>
      {cookies.map((cookie, index) => (
        <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
          {COOKIE_FIELDS.map((field) => (
            <TextInput
              key={field}
              flex={field === 'value' ? 2 : 1}
              aria-label={t(`options.collector.cookie.${field}`, { n: index + 1 })}
              placeholder={t(`options.collector.cookieField.${field}`)}
              maxLength={TEXT_MAX}
              value={cookie[field]}
              onChange={(event) =>
                onChange(replaceAt(cookies, index, { ...cookie, [field]: event.currentTarget.value }))
              }
            />
          ))}
          <ActionIcon
            variant="subtle"
            color="red"
            mt={4}
            aria-label={t('options.collector.removeCookie', { n: index + 1 })}
            onClick={() => onChange(cookies.filter((_row, i) => i !== index))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...cookies, { ...EMPTY_COOKIE }])}
        >
          {t('options.collector.addCookie')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The headers, cookies and body of one collector config. */
export function CollectorConfigFields({
  draft,
  onChange,
}: {
  draft: CollectorDraft;
  onChange: (draft: CollectorDraft) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="collector-fields">
      <HeaderRows headers={draft.headers} onChange={(headers) => onChange({ ...draft, headers })} />
      <CookieRows cookies={draft.cookies} onChange={(cookies) => onChange({ ...draft, cookies })} />
      <Textarea
        label={t('options.collector.body')}
        description={t('options.collector.bodyHint')}
        rows={3}
        resize="vertical"
        maxLength={BODY_MAX}
        value={draft.body}
        onChange={(event) => onChange({ ...draft, body: event.currentTarget.value })}
      />
    </Stack>
  );
}
