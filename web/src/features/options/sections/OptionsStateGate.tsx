import { Alert, Button, Center, Loader } from '@mantine/core';
import type { OptionsStateResponse } from '@fovea/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionsState } from '../../../api/queries/options';

interface OptionsStateGateProps {
  children: (state: OptionsStateResponse) => ReactNode;
}

/** Loads GET /api/options/state; shows a loader, an error with a retry, or the children with the state. */
export function OptionsStateGate({ children }: OptionsStateGateProps) {
  const { t } = useTranslation();
  const query = useOptionsState();
  if (query.data) return children(query.data);
  if (query.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title={t('common.loadFailed')}
        data-testid="options-load-error"
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
