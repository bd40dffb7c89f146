import type { History } from '@fovea/contract';
import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDuration } from '../files/file-format';

/** The watch sessions of a scene: how many, their total duration, and each one's start and duration. */
export function WatchHistoryTab({ history }: { history: readonly History[] }) {
  const { t } = useTranslation();
  const total = history.reduce((sum, session) => sum + session.duration, 0);
  return (
    <Stack gap="xs" data-testid="watch-history">
      <Text fz="sm">
        {t('sceneDetails.history.summary', { count: history.length, total: formatDuration(total) })}
      </Text>
      {history.length > 0 && (
        <Table striped withTableBorder fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('sceneDetails.history.started')}</Table.Th>
              <Table.Th>{t('sceneDetails.history.duration')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.map((session) => (
              <Table.Tr key={session.id}>
                <Table.Td>{formatDateTime(session.time_start)}</Table.Td>
                <Table.Td>{formatDuration(session.duration)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
