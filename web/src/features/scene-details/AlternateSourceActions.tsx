import type { Scene } from '@fovea/contract';
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconLinkOff, IconMovie, IconRefresh, IconSquarePlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useFlagAlternateSourceDeleted,
  useRefreshAlternateSource,
  useRelinkAlternateSource,
} from '../../api/queries/scene';
import { useScrapeCreateFromAlternate } from '../../api/queries/alternate-sites';
import { notifyDanger, notifySuccess } from '../../components/notify';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { AlternateSourceView } from './details-state';
import { RelinkSceneDialog } from './RelinkSceneDialog';

type Step =
  | { kind: 'search' }
  | { kind: 'relink'; scene: Scene }
  | { kind: 'refresh' }
  | { kind: 'unlink' }
  | { kind: 'scrapeCreate' };

interface AlternateSourceActionsProps {
  view: AlternateSourceView;
  /** After a change: back to the scene the source was opened from, or to `sceneId` (the relinked scene). */
  onDone: (sceneId?: number) => void;
}

/**
 * The buttons of an alternate-source view: link it to another scene, remove it so the next scrape finds it
 * again, or unlink it for good; each asks first and confirms with a toast (library-spec §4, §8).
 */
export function AlternateSourceActions({ view, onDone }: AlternateSourceActionsProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step | null>(null);
  const relink = useRelinkAlternateSource();
  const refresh = useRefreshAlternateSource();
  const unlink = useFlagAlternateSourceDeleted();
  const scrapeCreate = useScrapeCreateFromAlternate();
  const target = { source: view.source, parentId: view.parentId };
  const close = () => setStep(null);
  const failed = (error: Error) => notifyDanger(t('errors.errorMessage', { message: error.message }));
  const query = view.data.query.trim() === '' ? view.data.scene.title : view.data.query;

  const buttons = [
    {
      key: 'relink',
      icon: <IconMovie size={18} />,
      label: t('sceneDetails.alternate.relink'),
      color: 'blue',
    },
    {
      key: 'refresh',
      icon: <IconRefresh size={18} />,
      label: t('sceneDetails.alternate.refresh'),
      color: 'blue',
    },
    {
      key: 'scrapeCreate',
      icon: <IconSquarePlus size={18} />,
      label: t('confirm.scrapeCreateScene.title'),
      color: 'blue',
    },
    {
      key: 'unlink',
      icon: <IconLinkOff size={18} />,
      label: t('sceneDetails.alternate.unlink'),
      color: 'red',
    },
  ] as const;
  // Scrape & Create needs the source's page.
  const shown = (button: (typeof buttons)[number]) =>
    button.key !== 'scrapeCreate' || /^https?:\/\//i.test(view.source.url);

  return (
    <Group justify="space-between" gap="sm" data-testid="alternate-source-actions">
      <Text fw={600} fz="sm">
        {t('sceneDetails.alternate.notAScene')}
      </Text>
      <Group gap={6}>
        {buttons.filter(shown).map((button) => (
          <Tooltip key={button.key} label={button.label}>
            <ActionIcon
              variant="outline"
              color={button.color}
              size="lg"
              aria-label={button.label}
              onClick={() => setStep({ kind: button.key === 'relink' ? 'search' : button.key })}
            >
              {button.icon}
            </ActionIcon>
          </Tooltip>
        ))}
      </Group>
      {step?.kind === 'search' && (
        <RelinkSceneDialog
          initialQuery={query}
          onClose={close}
          onPick={(scene) => setStep({ kind: 'relink', scene })}
        />
      )}
      <ConfirmDialog
        opened={step?.kind === 'relink'}
        title={t('confirm.relinkScene.title')}
        text={t('confirm.relinkScene.text')}
        subject={step?.kind === 'relink' ? step.scene.title || step.scene.scene_id : undefined}
        busy={relink.isPending}
        onClose={close}
        onConfirm={() => {
          if (step?.kind !== 'relink') return;
          const scene = step.scene;
          relink.mutate(
            { target, scene },
            {
              onSuccess: () => {
                notifySuccess(t('success.sceneRelinked'));
                close();
                onDone(scene.id);
              },
              onError: failed,
            },
          );
        }}
      />
      <ConfirmDialog
        opened={step?.kind === 'refresh'}
        title={t('confirm.continue.title')}
        text={t('confirm.continue.refreshText')}
        busy={refresh.isPending}
        onClose={close}
        onConfirm={() =>
          refresh.mutate(target, {
            onSuccess: () => {
              notifySuccess(t('success.sceneRemovedForRescan'));
              close();
              onDone();
            },
            onError: failed,
          })
        }
      />
      <ConfirmDialog
        opened={step?.kind === 'scrapeCreate'}
        title={t('confirm.scrapeCreateScene.title')}
        text={t('confirm.scrapeCreateScene.text')}
        subject={view.source.url}
        busy={scrapeCreate.isPending}
        onClose={close}
        onConfirm={() =>
          scrapeCreate.mutate(view.source, {
            onSuccess: (scene) => {
              notifySuccess(t('success.sceneScrapedCreated'));
              close();
              onDone(scene.id);
            },
            onError: failed,
          })
        }
      />
      <ConfirmDialog
        opened={step?.kind === 'unlink'}
        title={t('confirm.continue.title')}
        text={t('confirm.continue.unlinkText')}
        danger
        busy={unlink.isPending}
        onClose={close}
        onConfirm={() =>
          unlink.mutate(target, {
            onSuccess: () => {
              notifySuccess(t('success.sceneUnlinked'));
              close();
              onDone();
            },
            onError: failed,
          })
        }
      />
    </Group>
  );
}
