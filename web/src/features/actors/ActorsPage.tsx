import { Badge, Group, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLibrarySummary } from '../../api/queries/library';
import { EmptyState } from '../../components/EmptyState';

/** Actors: header with the total count, then the card list. */
export default function ActorsPage() {
  const { t } = useTranslation();
  const total = useLibrarySummary().data?.actors;
  return (
    <section aria-labelledby="actors-title">
      <Group justify="space-between" align="center" mb="md">
        <Group gap="sm" align="center">
          <Title order={1} fz="h3" id="actors-title">
            {t('actors.title')}
          </Title>
          {total !== undefined && (
            <Badge variant="light" color="gray" size="lg" radius="sm" data-testid="actors-total" tt="none">
              {t('actors.total', { count: total })}
            </Badge>
          )}
        </Group>
      </Group>
      {total === 0 && (
        <EmptyState
          testId="actors-empty"
          icon={<IconUsers size={28} stroke={1.5} />}
          title={t('actors.emptyTitle')}
          hint={t('actors.emptyHint')}
        />
      )}
    </section>
  );
}
