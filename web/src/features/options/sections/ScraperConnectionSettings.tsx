import { Paper, Stack, TextInput, Title } from '@mantine/core';
import type { AdvancedOptions } from '@fovea/contract';
import { useTranslation } from 'react-i18next';

/** The advanced options the scrapers' connection settings edit. */
export type ScraperConnectionValues = Pick<AdvancedOptions, 'scraperProxy' | 'scraperUserAgent'>;

/** '' or an http(s) proxy URL, as the server accepts it. */
export function proxyProblem(proxy: string): boolean {
  const value = proxy.trim();
  return value !== '' && !/^https?:\/\/[^\s/]+/.test(value);
}

interface ScraperConnectionSettingsProps {
  values: ScraperConnectionValues;
  onChange: (patch: Partial<ScraperConnectionValues>) => void;
}

/** Advanced → Cookies/Headers: the proxy every scraper request goes through, and the User-Agent it sends. */
export function ScraperConnectionSettings({ values, onChange }: ScraperConnectionSettingsProps) {
  const { t } = useTranslation();
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
          error={proxyProblem(values.scraperProxy) ? t('options.advanced.scraperProxyInvalid') : undefined}
          onChange={(event) => onChange({ scraperProxy: event.currentTarget.value })}
          maw={480}
        />
        <TextInput
          label={t('options.advanced.scraperUserAgent')}
          description={t('options.advanced.scraperUserAgentDescription')}
          value={values.scraperUserAgent}
          maxLength={500}
          onChange={(event) => onChange({ scraperUserAgent: event.currentTarget.value })}
        />
      </Stack>
    </Paper>
  );
}
