import { ActionIcon, Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { isSecretHeader, SECRET_SET, type CollectorConfigData } from '@fovea/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EMPTY_COOKIE, EMPTY_HEADER } from './scrapers-collector-config';
import { SecretInput } from './SecretInput';
import type { CollectorDraft } from './scrapers-collector-config';

const TEXT_MAX = 4_096;
const BODY_MAX = 100_000;
const HEADER_FIELDS = ['key', 'value'] as const;
const COOKIE_FIELDS = ['name', 'value', 'domain', 'path', 'host'] as const;

function replaceAt<T>(rows: readonly T[], index: number, row: T): T[] {
  return rows.map((current, i) => (i === index ? row : current));
}

interface RowsEditorProps<F extends string> {
  testId: string;
  title: string;
  fields: readonly F[];
  rows: Record<F, string>[];
  empty: Record<F, string>;
  /** The accessible name and placeholder of a field of row n (1-based). */
  fieldLabel: (field: F, n: number) => string;
  fieldPlaceholder: (field: F) => string;
  removeLabel: (n: number) => string;
  addLabel: string;
  onChange: (rows: Record<F, string>[]) => void;
  /**
   * For a row whose value is a secret (answered as "set", never shown): whether a value is stored for it;
   * null when the row's value is not a secret.
   */
  secretValue: (row: Record<F, string>) => boolean | null;
}

/** Rows of text fields (headers, cookies) with a remove button each and an add button. */
function RowsEditor<F extends string>(props: RowsEditorProps<F>) {
  const { rows, fields, onChange } = props;
  return (
    <Stack gap={6} data-testid={props.testId}>
      <Text fw={600} size="sm">
        {props.title}
      </Text>
      {rows.map((row, index) => (
        <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
          {fields.map((field) => {
            const stored = field === 'value' ? props.secretValue(row) : null;
            if (stored !== null) {
              return (
                <SecretInput
                  key={field}
                  compact
                  label={props.fieldLabel(field, index + 1)}
                  placeholder={props.fieldPlaceholder(field)}
                  value={row[field]}
                  stored={stored}
                  onChange={(value) => onChange(replaceAt(rows, index, { ...row, [field]: value }))}
                  testId={`${props.testId}-secret-${index + 1}`}
                />
              );
            }
            return (
              <TextInput
                key={field}
                flex={field === 'value' ? 2 : 1}
                aria-label={props.fieldLabel(field, index + 1)}
                placeholder={props.fieldPlaceholder(field)}
                maxLength={TEXT_MAX}
                value={row[field]}
                onChange={(event) =>
                  onChange(replaceAt(rows, index, { ...row, [field]: event.currentTarget.value }))
                }
              />
            );
          })}
          <ActionIcon
            variant="subtle"
            color="red"
            mt={4}
            aria-label={props.removeLabel(index + 1)}
            onClick={() => onChange(rows.filter((_row, i) => i !== index))}
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
          onClick={() => onChange([...rows, { ...props.empty }])}
        >
          {props.addLabel}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The headers, cookies and body of one collector config. Cookie values and credential headers are secrets:
 * the list answers "set" for them, matched back to the stored ones by cookie name, domain and path or by
 * header name (as the server does), and their fields never show a value.
 */
export function CollectorConfigFields({
  draft,
  listed,
  onChange,
}: {
  draft: CollectorDraft;
  /** The config as the list answered it (null for a new one). */
  listed: CollectorConfigData | null;
  onChange: (draft: CollectorDraft) => void;
}) {
  const { t } = useTranslation();
  const storedCookie = (row: Record<(typeof COOKIE_FIELDS)[number], string>) =>
    (listed?.cookies ?? []).some(
      (c) => c.name === row.name && c.domain === row.domain && c.path === row.path && c.value === SECRET_SET,
    );
  const storedHeader = (row: Record<(typeof HEADER_FIELDS)[number], string>) =>
    isSecretHeader(row.key)
      ? (listed?.headers ?? []).some(
          (h) => h.key.toLowerCase() === row.key.toLowerCase() && h.value === SECRET_SET,
        )
      : null;
  return (
    <Stack gap="md" data-testid="collector-fields">
      <RowsEditor
        testId="collector-headers"
        title={t('options.collector.headers')}
        fields={HEADER_FIELDS}
        rows={draft.headers}
        empty={EMPTY_HEADER}
        fieldLabel={(field, n) =>
          t(field === 'key' ? 'options.collector.headerKey' : 'options.collector.headerValue', { n })
        }
        fieldPlaceholder={(field) => t(field === 'key' ? 'options.collector.key' : 'options.collector.value')}
        removeLabel={(n) => t('options.collector.removeHeader', { n })}
        addLabel={t('options.collector.addHeader')}
        onChange={(headers) => onChange({ ...draft, headers })}
        secretValue={storedHeader}
      />
      <RowsEditor
        testId="collector-cookies"
        title={t('options.collector.cookies')}
        fields={COOKIE_FIELDS}
        rows={draft.cookies}
        empty={EMPTY_COOKIE}
        fieldLabel={(field, n) => t(`options.collector.cookie.${field}`, { n })}
        fieldPlaceholder={(field) => t(`options.collector.cookieField.${field}`)}
        removeLabel={(n) => t('options.collector.removeCookie', { n })}
        addLabel={t('options.collector.addCookie')}
        onChange={(cookies) => onChange({ ...draft, cookies })}
        secretValue={storedCookie}
      />
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
