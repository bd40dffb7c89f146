import type { JavrScraper, Scene } from '@fovea/contract';
import { ActionIcon, Loader, Tooltip } from '@mantine/core';
import { IconWorldDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sceneKeys } from '../../api/query-keys';
import { useScrapeJavr } from '../../api/queries/scene-import';
import { useRealtimeEvent } from '../../app/realtime';
import { notifyDanger, notifySuccess } from '../../components/notify';

/**
 * Rescrape of a JAV scene: its source imports it again by its id (POST /api/task/scrape-javr, a job); the
 * details are read again when that job ends.
 */
export function JavRescrapeButton({ scene, source }: { scene: Scene; source: JavrScraper }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const scrape = useScrapeJavr();
  const [waiting, setWaiting] = useState(false);
  const sourceName = t(`options.createScene.jav.sources.${source}`);

  useRealtimeEvent('job.progress', (event) => {
    if (!waiting || event.name !== 'scrape-javr') return;
    if (event.status === 'running' || event.status === 'queued') return;
    setWaiting(false);
    void queryClient.invalidateQueries({ queryKey: sceneKeys.detail(scene.id) });
  });

  const label = t('sceneDetails.rescrape');
  const busy = scrape.isPending || waiting;
  return (
    <Tooltip label={t('sceneDetails.rescrapeJavHint', { source: sourceName })}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={label}
        data-testid="scene-rescrape"
        disabled={busy}
        onClick={() =>
          scrape.mutate(
            { s: source, q: scene.scene_id },
            {
              onSuccess: () => {
                setWaiting(true);
                notifySuccess(t('sceneDetails.rescrapeJavStarted', { source: sourceName }));
              },
              onError: (error) => notifyDanger(t('errors.errorMessage', { message: error.message })),
            },
          )
        }
      >
        {busy ? <Loader size={16} /> : <IconWorldDownload size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}
