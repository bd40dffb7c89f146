import { Badge, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { SECRET_SET } from '@fovea/contract';
import { useTranslation } from 'react-i18next';
import { secretFromTyped, secretStatus, typedSecret, type SecretStatus } from './secret-value';

const STATUS_COLOUR: Record<SecretStatus, string> = {
  set: 'teal',
  notSet: 'gray',
  willClear: 'orange',
  willReplace: 'blue',
};

interface SecretInputProps {
  label: string;
  description?: string;
  /** The value the form sends: "set" keeps the stored secret, '' means none, anything else replaces it. */
  value: string;
  /** Whether the server holds a value now. */
  stored: boolean;
  onChange: (value: string) => void;
  /** Offer "Clear" for a stored secret (where having none makes sense). */
  allowClear?: boolean;
  disabled?: boolean;
  error?: string;
  /** Applied to the typed text (e.g. trimming an API key). */
  normalise?: (typed: string) => string;
  testId: string;
  w?: number;
  maw?: number;
  /** A bare field for a table row: the label is its accessible name, no badge and no Clear (remove the row). */
  compact?: boolean;
  /** The placeholder while no stored value is kept. */
  placeholder?: string;
}

/**
 * A password, key or token option. The stored value is never shown: the field starts empty ("unchanged"),
 * a badge says whether one is set, typing replaces it, and "Clear" removes it.
 */
export function SecretInput({
  label,
  description,
  value,
  stored,
  onChange,
  allowClear = false,
  disabled = false,
  error,
  normalise = (typed) => typed,
  testId,
  w,
  maw,
  compact = false,
  placeholder,
}: SecretInputProps) {
  const { t } = useTranslation();
  const status = secretStatus(value, stored);
  const keeping = value === SECRET_SET && stored;
  const change = (typed: string) => onChange(secretFromTyped(normalise(typed), stored));
  if (compact) {
    return (
      <PasswordInput
        aria-label={label}
        placeholder={keeping ? t('options.secret.unchanged') : placeholder}
        value={typedSecret(value)}
        disabled={disabled}
        error={error}
        autoComplete="new-password"
        onChange={(event) => change(event.currentTarget.value)}
        w={w}
        maw={maw}
        flex={2}
        data-testid={testId}
      />
    );
  }
  return (
    <Stack gap={4} w={w} maw={maw} data-testid={testId}>
      <PasswordInput
        label={label}
        description={description}
        placeholder={keeping ? t('options.secret.unchanged') : placeholder}
        value={typedSecret(value)}
        disabled={disabled}
        error={error}
        autoComplete="new-password"
        onChange={(event) => change(event.currentTarget.value)}
      />
      <Group gap="xs">
        <Badge size="sm" variant="light" color={STATUS_COLOUR[status]} data-testid={`${testId}-status`}>
          {t(`options.secret.${status}`)}
        </Badge>
        {allowClear && stored && !disabled && (
          <Button
            size="compact-xs"
            variant="subtle"
            color={status === 'willClear' ? 'gray' : 'red'}
            aria-label={t(status === 'willClear' ? 'options.secret.keepNamed' : 'options.secret.clearNamed', {
              name: label,
            })}
            onClick={() => onChange(status === 'willClear' ? SECRET_SET : '')}
          >
            {status === 'willClear' ? t('options.secret.keep') : t('options.secret.clear')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
