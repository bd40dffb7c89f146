import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import {
  joinProxyUrl,
  PROXY_PASSWORD_MASK,
  SECRET_SET,
  splitProxyUrl,
  type AdvancedOptions,
} from '@fovea/contract';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveAdvancedOptions } from '../../../api/queries/options';
import { saveFeedback } from './save-feedback';
import { SecretInput } from './SecretInput';

/** The advanced options the scrapers' connection settings edit. */
export type ScraperConnectionValues = Pick<AdvancedOptions, 'scraperProxy' | 'scraperUserAgent'>;

/** '' or an http(s) proxy URL, as the server accepts it. */
export function proxyProblem(proxy: string): boolean {
  const value = proxy.trim();
  return value !== '' && !/^https?:\/\/[^\s/]+/.test(value);
}

/**
 * What the form edits: the proxy address without its password, and the password apart as a secret value
 * ("set" keeps the stored one, '' means none, anything else is a new password).
 */
export interface ProxyFields {
  address: string;
  password: string;
}

/** The answer's proxy URL (its password shown as ***) as the form's two fields. */
export function proxyFields(proxy: string): ProxyFields {
  const parts = splitProxyUrl(proxy);
  if (parts === null || parts.password === null) return { address: proxy, password: '' };
  return {
    address: joinProxyUrl({ ...parts, password: null }),
    password: parts.password === PROXY_PASSWORD_MASK ? SECRET_SET : parts.password,
  };
}

/** The URL to save: a password typed into the address wins; "set" sends *** back, which keeps the stored one. */
export function proxyUrl({ address, password }: ProxyFields): string {
  const value = address.trim();
  const parts = splitProxyUrl(value);
  if (parts === null || parts.password !== null || password === '') return value;
  const sent = password === SECRET_SET ? PROXY_PASSWORD_MASK : encodeURIComponent(password);
  return joinProxyUrl({ ...parts, password: sent });
}

/**
 * Advanced → Cookies/Headers: the proxy every scraper request goes through (its password kept apart and never
 * shown), and the User-Agent it sends (empty: a current desktop Chrome). Saved on their own, beside the
 * collector configs.
 */
export function ScraperConnectionSettings({ initial }: { initial: ScraperConnectionValues }) {
  const { t } = useTranslation();
  const save = useSaveAdvancedOptions();
  const [start] = useState(() => ({ ...proxyFields(initial.scraperProxy), agent: initial.scraperUserAgent }));
  const [values, setValues] = useState(start);
  const change = (patch: Partial<typeof values>) => setValues((current) => ({ ...current, ...patch }));
  const body: ScraperConnectionValues = {
    scraperProxy: proxyUrl(values),
    scraperUserAgent: values.agent.trim(),
  };
  const dirty =
    values.address.trim() !== start.address ||
    values.password !== start.password ||
    body.scraperUserAgent !== initial.scraperUserAgent;
  const invalid = proxyProblem(values.address);
  const noAddress = values.address.trim() === '';
  return (
    <Paper withBorder p="md" radius="md" data-testid="scraper-connection">
      <Stack gap="md">
        <Title order={4}>{t('options.advanced.scraperConnection')}</Title>
        <TextInput
          label={t('options.advanced.scraperProxy')}
          description={t('options.advanced.scraperProxyDescription')}
          placeholder="http://proxy.lan:3128"
          value={values.address}
          maxLength={500}
          error={invalid ? t('options.advanced.scraperProxyInvalid') : undefined}
          onChange={(event) => change({ address: event.currentTarget.value })}
          maw={480}
        />
        <SecretInput
          label={t('options.advanced.scraperProxyPassword')}
          description={t('options.advanced.scraperProxyPasswordDescription')}
          value={noAddress ? '' : values.password}
          stored={start.password === SECRET_SET}
          onChange={(password) => change({ password })}
          allowClear
          disabled={noAddress}
          testId="scraper-proxy-password"
          maw={480}
        />
        <TextInput
          label={t('options.advanced.scraperUserAgent')}
          description={t('options.advanced.scraperUserAgentDescription')}
          value={values.agent}
          maxLength={500}
          onChange={(event) => change({ agent: event.currentTarget.value })}
        />
        <Group justify="flex-end">
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            disabled={!dirty || invalid}
            loading={save.isPending}
            onClick={() => save.mutate(body, saveFeedback(t))}
          >
            {t('options.advanced.scraperConnectionSave')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
