import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One form of Options → Create/Import scene: a bordered card with its title, a hint and the fields. */
export function CreateSceneCard({
  testId,
  title,
  hint,
  onSubmit,
  children,
}: {
  testId: string;
  title: string;
  hint: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="sm">
          <Title order={3} fz="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
          {children}
        </Stack>
      </form>
    </Paper>
  );
}
