import { Paper, Stack, Switch, Text } from '@mantine/core';
import type { AdvancedOptions } from '@fovea/contract';
import { useTranslation } from 'react-i18next';
import { ActorScrapeAllButton } from './ActorScrapeAllButton';
import { SecretInput } from './SecretInput';
import { secretPresent } from './secret-value';

export const ACTOR_SWITCHES = ['useImperialEntry', 'scrapeActorAfterScene'] as const;

/** The advanced options the Actor Settings tab edits. */
export type ActorSettingsValues = Pick<AdvancedOptions, (typeof ACTOR_SWITCHES)[number] | 'stashApiKey'>;

interface ActorSettingsProps {
  /** `stashApiKey` is the value sent: "set" keeps the stored key (see secret-value.ts). */
  values: ActorSettingsValues;
  /** Whether a StashDB key is stored now. */
  stashKeyStored: boolean;
  onChange: (patch: Partial<ActorSettingsValues>) => void;
}

/**
 * Advanced → Actor Settings (options-spec §2): imperial entry in the actor editor (feet, inches and pounds),
 * scraping actors after a scene scrape (and all unscraped actor profiles now), and the StashDB API key; StashDB search and scraping stay off until a
 * key is entered.
 */
export function ActorSettings({ values, stashKeyStored, onChange }: ActorSettingsProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" data-testid="advanced-actor-settings">
      <Stack gap="md">
        {ACTOR_SWITCHES.map((key) => (
          <Switch
            key={key}
            label={t(`options.advanced.${key}`)}
            aria-label={t(`options.advanced.${key}`)}
            description={t(`options.advanced.${key}Description`)}
            checked={values[key]}
            onChange={(event) => onChange({ [key]: event.currentTarget.checked })}
          />
        ))}
        <SecretInput
          label={t('options.advanced.stashApiKey')}
          description={t('options.advanced.stashApiKeyDescription')}
          value={values.stashApiKey}
          stored={stashKeyStored}
          onChange={(stashApiKey) => onChange({ stashApiKey })}
          normalise={(typed) => typed.trim()}
          allowClear
          testId="stash-api-key"
          maw={480}
        />
        {!secretPresent(values.stashApiKey, stashKeyStored) && (
          <Text size="sm" c="dimmed" data-testid="stash-key-missing">
            {t('options.advanced.stashApiKeyMissing')}
          </Text>
        )}
        <ActorScrapeAllButton />
      </Stack>
    </Paper>
  );
}
