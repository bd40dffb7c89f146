import {
  ActionIcon,
  CopyButton,
  Group,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { playerUrls } from './players-values';
import { SecretInput } from './SecretInput';
import type { PlayersProblems, PlayersValues } from './players-values';

type DeovrSwitch = 'enabled' | 'render_heatmaps' | 'track_watch_time' | 'remote_enabled';

interface CopyValueProps {
  value: string;
  testId: string;
}

function CopyValue({ value, testId }: CopyValueProps) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" ff="monospace" data-testid={testId}>
        {value}
      </Text>
      <CopyButton value={value} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('options.players.deovr.copied') : t('options.players.deovr.copy')}>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              size="sm"
              onClick={copy}
              aria-label={t('options.players.deovr.copyValue', { value })}
            >
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/** The read-only addresses Fovea answers on, each with the DeoVR and HereSphere URLs to type in a headset. */
function BoundAddresses({ boundIp }: { boundIp: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" data-testid="players-bound-ip">
      <Title order={3} fz="md">
        {t('options.players.deovr.boundIp')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('options.players.deovr.boundIpDescription')}
      </Text>
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('options.players.deovr.address')}</Table.Th>
              <Table.Th>{t('options.players.deovr.deovrUrl')}</Table.Th>
              <Table.Th>{t('options.players.deovr.heresphereUrl')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {boundIp.map((address, index) => {
              const urls = playerUrls(address);
              return (
                <Table.Tr key={address}>
                  <Table.Td>
                    <CopyValue value={address} testId={`bound-ip-${index}`} />
                  </Table.Td>
                  <Table.Td>
                    <CopyValue value={urls.deovr} testId={`deovr-url-${index}`} />
                  </Table.Td>
                  <Table.Td>
                    <CopyValue value={urls.heresphere} testId={`heresphere-url-${index}`} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

interface PlayersDeovrSettingsProps {
  values: PlayersValues;
  onChange: (patch: Partial<PlayersValues>) => void;
  /** Whether a password is stored (the answers never carry it, nor its hash). */
  hasStoredPassword: boolean;
  problems: PlayersProblems;
  boundIp: readonly string[];
}

/**
 * Players → DeoVR: the interface switch, the optional login (fields disabled while login is off; the stored
 * password shows as empty and is kept unless a new one is typed), heatmaps, watch-time tracking, remote mode
 * (disabled while tracking is off) and the addresses to use in the headset.
 */
export function PlayersDeovrSettings({
  values,
  onChange,
  hasStoredPassword,
  problems,
  boundIp,
}: PlayersDeovrSettingsProps) {
  const { t } = useTranslation();
  const authOff = !values.auth_enabled;
  const toggle = (key: DeovrSwitch, disabled = false) => (
    <Switch
      key={key}
      label={t(`options.players.deovr.${key}`)}
      aria-label={t(`options.players.deovr.${key}`)}
      description={t(`options.players.deovr.${key}Description`)}
      checked={values[key]}
      disabled={disabled}
      onChange={(event) => onChange({ [key]: event.currentTarget.checked })}
    />
  );

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          {toggle('enabled')}
          {toggle('render_heatmaps')}
          {toggle('track_watch_time')}
          {toggle('remote_enabled', !values.track_watch_time)}
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md" data-testid="players-deovr-auth">
        <Stack gap="md">
          <Switch
            label={t('options.players.deovr.auth_enabled')}
            aria-label={t('options.players.deovr.auth_enabled')}
            description={t('options.players.deovr.auth_enabledDescription')}
            checked={values.auth_enabled}
            onChange={(event) => onChange({ auth_enabled: event.currentTarget.checked })}
          />
          <Group gap="md" align="flex-start">
            <TextInput
              label={t('options.players.deovr.username')}
              value={values.username}
              disabled={authOff}
              error={problems.usernameRequired ? t('options.players.deovr.usernameRequired') : undefined}
              onChange={(event) => onChange({ username: event.currentTarget.value })}
              autoComplete="off"
              w={240}
            />
            <SecretInput
              label={t('options.players.deovr.password')}
              value={values.password}
              stored={hasStoredPassword}
              disabled={authOff}
              error={problems.passwordRequired ? t('options.players.deovr.passwordRequired') : undefined}
              onChange={(password) => onChange({ password })}
              testId="players-deovr-password"
              w={240}
            />
          </Group>
        </Stack>
      </Paper>
      <BoundAddresses boundIp={boundIp} />
    </Stack>
  );
}
