import { Alert, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PlayersValues } from './players-values';

/** The write-back permissions, in the spec's order (options-spec §6); all off by default. */
export const HERESPHERE_PERMISSIONS = [
  'allow_file_deletes',
  'allow_rating_updates',
  'allow_favorite_updates',
  'allow_tag_updates',
  'allow_cuepoint_updates',
  'allow_watchlist_updates',
  'allow_hsp_data',
] as const;

export const HERESPHERE_CUEPOINT_OPTIONS = [
  'multitrack_cuepoints',
  'multitrack_cast_cuepoints',
  'retain_non_hsp_cuepoints',
] as const;

type HeresphereKey = (typeof HERESPHERE_PERMISSIONS)[number] | (typeof HERESPHERE_CUEPOINT_OPTIONS)[number];

interface PlayersHeresphereSettingsProps {
  values: PlayersValues;
  onChange: (patch: Partial<PlayersValues>) => void;
}

/** Players → Heresphere: what HereSphere may change in the library, and how cuepoints are sent to it. */
export function PlayersHeresphereSettings({ values, onChange }: PlayersHeresphereSettingsProps) {
  const { t } = useTranslation();
  const toggle = (key: HeresphereKey) => (
    <Switch
      key={key}
      label={t(`options.players.heresphere.${key}`)}
      aria-label={t(`options.players.heresphere.${key}`)}
      description={
        key === 'allow_file_deletes' ? (
          <Text span size="xs" c="red" fw={600}>
            {t('options.players.heresphere.allow_file_deletesDescription')}
          </Text>
        ) : (
          t(`options.players.heresphere.${key}Description`)
        )
      }
      checked={values[key]}
      color={key === 'allow_file_deletes' ? 'red' : undefined}
      onChange={(event) => onChange({ [key]: event.currentTarget.checked })}
    />
  );

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" data-testid="heresphere-permissions">
        <Title order={3} fz="md">
          {t('options.players.heresphere.permissions')}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {t('options.players.heresphere.permissionsDescription')}
        </Text>
        <Stack gap="md">{HERESPHERE_PERMISSIONS.map(toggle)}</Stack>
        {values.allow_file_deletes && (
          <Alert
            mt="md"
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={t('options.players.heresphere.deleteWarningTitle')}
            data-testid="heresphere-delete-warning"
          >
            {t('options.players.heresphere.deleteWarning')}
          </Alert>
        )}
      </Paper>
      <Paper withBorder p="md" radius="md" data-testid="heresphere-cuepoints">
        <Title order={3} fz="md" mb="md">
          {t('options.players.heresphere.cuepoints')}
        </Title>
        <Stack gap="md">{HERESPHERE_CUEPOINT_OPTIONS.map(toggle)}</Stack>
      </Paper>
    </Stack>
  );
}
