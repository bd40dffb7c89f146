import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import type { AdvancedOptions } from '@fovea/contract';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveAdvancedOptions } from '../../../api/queries/options';
import { saveFeedback } from './save-feedback';

/** The advanced options the scrapers' connection settings edit. */
export type ScraperConnectionValues = Pick<AdvancedOptions, 'scraperProxy' | 'scraperUserAgent'>;

/** '' or an http(s) proxy URL, as the server accepts it. */
export function proxyProblem(proxy: string): boolean {
  const value = proxy.trim();
  return value !== '' && !/^https?:\/\/[^\s/]+/.test(value);
}

/**
 * Advanced → Cookies/Headers: the proxy every scraper request goes through, and the User-Agent it sends
 * (empty: a current desktop Chrome). Saved on their own, beside the collector configs.
 */
export function ScraperConnectionSettings({ initial }: { initial: ScraperConnectionValues }) {
  const { t } = useTranslation();
  const save = useSaveAdvancedOptions();
  const [values, setValues] = useState(initial);
  const trimmed = {
    scraperProxy: values.scraperProxy.trim(),
    scraperUserAgent: values.scraperUserAgent.trim(),
  };
  const dirty =
    trimmed.scraperProxy !== initial.scraperProxy || trimmed.scraperUserAgent !== initial.scraperUserAgent;
  const invalid = proxyProblem(values.scraperProxy);
  return (
    <Paper withBorder p="md" radius="md" data-testid="scraper-connection">
      <Stack gap="md">
        <Title order={4}>{t('options.advanced.scraperConnection')}</Title>
        <TextInput
          label={t('options.advanced.scraperProxy')}
          description={t('options.advanced.scraperProxyDescription')}
          placeholder="http://proxy.lan:3128"
          value={values.scraperProxy}
          maxLength={500}
          error={invalid ? t('options.advanced.scraperProxyInvalid') : undefined}
          onChange={(event) => setValues({ ...values, scraperProxy: event.currentTarget.value })}
          maw={480}
        />
        <TextInput
          label={t('options.advanced.scraperUserAgent')}
          description={t('options.advanced.scraperUserAgentDescription')}
          value={values.scraperUserAgent}
          maxLength={500}
          onChange={(event) => setValues({ ...values, scraperUserAgent: event.currentTarget.value })}
        />
        <Group justify="flex-end">
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            disabled={!dirty || invalid}
            loading={save.isPending}
            onClick={() => save.mutate(trimmed, saveFeedback(t))}
          >
            {t('options.advanced.scraperConnectionSave')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
