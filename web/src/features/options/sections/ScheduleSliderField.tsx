import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface ScheduleSliderFieldProps {
  /** Labels the slider (aria-labelledby) and names the field. */
  id: string;
  label: string;
  /** The current value in words, beside the label. */
  valueText: string;
  description: string;
  disabled: boolean;
  /** The slider, labelled by `${id}-label`. */
  children: ReactNode;
}

/** A labelled schedule slider: name and value in words on one line, a description, then the slider. */
export function ScheduleSliderField({
  id,
  label,
  valueText,
  description,
  disabled,
  children,
}: ScheduleSliderFieldProps) {
  return (
    <div data-testid={id} data-disabled={disabled ? 'true' : 'false'}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500} id={`${id}-label`} c={disabled ? 'dimmed' : undefined}>
          {label}
        </Text>
        <Text size="sm" c="dimmed" data-testid={`${id}-value`}>
          {valueText}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        {description}
      </Text>
      {children}
    </div>
  );
}
