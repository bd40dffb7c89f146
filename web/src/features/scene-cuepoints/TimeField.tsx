import { TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { maskClock } from './cuepoint-time';

interface TimeFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  'data-testid'?: string;
}

/**
 * A 24-hour time picker with seconds: a masked `HH:MM:SS` text field (digits only, colons put in as you type,
 * an optional tenth after a '.'). The limits (5 hours, minutes and seconds below 60) are checked by the form.
 */
export function TimeField({ label, value, onChange, error, ...rest }: TimeFieldProps) {
  return (
    <TextInput
      label={label}
      value={value}
      placeholder="HH:MM:SS"
      inputMode="numeric"
      autoComplete="off"
      error={error}
      styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
      onChange={(event) => onChange(maskClock(event.currentTarget.value))}
      data-testid={rest['data-testid']}
    />
  );
}
