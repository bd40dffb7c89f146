import { Alert, PasswordInput } from '@mantine/core';
import { PASSWORD_MAX } from '@fovea/contract';
import { useTranslation } from 'react-i18next';
import { credentialsErrorText } from './security-errors';

/** The "Current password" field that changing or turning off the login asks for. */
export function CurrentPasswordInput({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      label={t('options.security.currentPassword')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      autoComplete="current-password"
      maxLength={PASSWORD_MAX}
      required
    />
  );
}

/** What the server said when a login change was refused; nothing while there is no error. */
export function CredentialsError({ error }: { error: Error | null }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert color="red" radius="md" role="alert">
      {credentialsErrorText(t, error)}
    </Alert>
  );
}
