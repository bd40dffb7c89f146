import { EXTERNAL_SOURCE_STASHDB_PERFORMER } from '@fovea/contract';
import type { ExternalReferenceLink } from '@fovea/contract';
import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOptionsState } from '../../api/queries/options';
import { useRefreshStashdbPerformer } from '../../api/queries/stashdb-run';
import { notifyDanger, notifySuccess } from '../../components/notify';

/**
 * "Refresh from StashDB" beside a `stashdb performer` reference of the actor (actor details → Scrapers): pulls
 * the performer again and merges it into the actor, skipping what the owner edited. Shown only for such a
 * reference and only while a StashDB API key is set.
 */
export function ActorStashdbRefresh({ actorId, link }: { actorId: number; link: ExternalReferenceLink }) {
  const { t } = useTranslation();
  const apiKey = useOptionsState().data?.config.advanced.stashApiKey ?? '';
  const refresh = useRefreshStashdbPerformer();
  if (link.external_source !== EXTERNAL_SOURCE_STASHDB_PERFORMER || apiKey.trim() === '') return null;
  return (
    <Button
      size="compact-xs"
      variant="light"
      leftSection={<IconRefresh size={12} />}
      loading={refresh.isPending}
      style={{ flex: 'none' }}
      data-testid="actor-stashdb-refresh"
      onClick={() =>
        refresh.mutate(
          { actorId, performerId: link.external_id },
          {
            onSuccess: () => notifySuccess(t('actorDetails.scrapers.stashdbRefreshed')),
            onError: (error) => notifyDanger(t('errors.errorMessage', { message: error.message })),
          },
        )
      }
    >
      {t('actorDetails.scrapers.refreshStashdb')}
    </Button>
  );
}
