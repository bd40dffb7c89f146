import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  hint?: string;
  action?: ReactNode;
  testId?: string;
}

/** A centred "nothing here yet" block with an icon, a title, a hint and an optional action. */
export function EmptyState({ icon, title, hint, action, testId }: EmptyStateProps) {
  return (
    <Stack align="center" gap="xs" py={64} px="md" ta="center" data-testid={testId}>
      <ThemeIcon variant="light" size={56} radius="xl" color="gray">
        {icon}
      </ThemeIcon>
      <Title order={3} fw={600} mt="xs">
        {title}
      </Title>
      {hint !== undefined && (
        <Text c="dimmed" size="sm" maw={420}>
          {hint}
        </Text>
      )}
      {action}
    </Stack>
  );
}
