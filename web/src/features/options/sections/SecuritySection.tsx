import { Anchor, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthStatus } from '../../../api/queries/auth';
import { findOptionsSection } from '../options-sections';
import { SectionFrame } from './SectionFrame';
import { SecurityApiKeys } from './SecurityApiKeys';
import { SecurityLogin } from './SecurityLogin';

/** Where the headset players' own login is set: Options → Interfaces → Players. */
const PLAYERS_OPTIONS_PATH = '/options?section=players';

/**
 * Security: the login of the whole app (set, change, turn off; read-only when set by the environment) and the
 * API keys scripts use while a login is set.
 */
export function SecuritySection() {
  const { t } = useTranslation();
  const { data: status, error } = useAuthStatus();
  return (
    <SectionFrame section={findOptionsSection('security')}>
      {status === undefined ? (
        error ? (
          <Text c="red" size="sm">
            {t('errors.errorMessage', { message: error.message })}
          </Text>
        ) : (
          <Center py="md">
            <Loader size="sm" />
          </Center>
        )
      ) : (
        <Stack gap="md">
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <Title order={3} fz="h4">
                {t('options.security.login.title')}
              </Title>
              <SecurityLogin status={status} />
            </Stack>
          </Paper>
          <Text size="sm" c="dimmed" data-testid="security-players-note">
            {t('options.security.playersNote')}{' '}
            <Anchor component={Link} to={PLAYERS_OPTIONS_PATH} size="sm">
              {t('options.security.playersLink')}
            </Anchor>
          </Text>
          {status.loginRequired && (
            <Paper withBorder p="md" radius="md">
              <SecurityApiKeys />
            </Paper>
          )}
        </Stack>
      )}
    </SectionFrame>
  );
}
