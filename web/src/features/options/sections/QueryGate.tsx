import { Alert, Button, Center, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface QueryGateProps<T> {
  query: UseQueryResult<T>;
  /** data-testid of the error alert. */
  errorTestId: string;
  children: (data: T) => ReactNode;
}

/** A section's loaded data: a loader while it comes, an error with a retry, or the children with the data. */
export function QueryGate<T>({ query, errorTestId, children }: QueryGateProps<T>) {
  const { t } = useTranslation();
  if (query.data !== undefined) return children(query.data);
  if (query.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title={t('common.loadFailed')}
        data-testid={errorTestId}
      >
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }
  return (
    <Center py="xl">
      <Loader size="sm" aria-label={t('common.loading')} />
    </Center>
  );
}
