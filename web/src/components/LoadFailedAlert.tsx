import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A list that could not be read: what failed and a Retry button. */
export function LoadFailedAlert({
  testId,
  message,
  onRetry,
}: {
  testId: string;
  message: string;
  onRetry(): void;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" data-testid={testId}>
      <Stack gap="xs" align="flex-start">
        {message}
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
