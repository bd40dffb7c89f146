import { NumberInput } from '@mantine/core';

/** A whole-number field kept as text ('' = unknown). */
export function WholeNumberInput({
  label,
  value,
  error,
  description,
  max,
  onChange,
}: {
  label: string;
  value: string;
  error?: string;
  description?: string;
  max?: number;
  onChange: (value: string) => void;
}) {
  return (
    <NumberInput
      label={label}
      description={description}
      value={value}
      min={0}
      max={max}
      clampBehavior="none"
      allowDecimal={false}
      allowNegative={false}
      error={error}
      onChange={(next) => onChange(String(next))}
    />
  );
}
