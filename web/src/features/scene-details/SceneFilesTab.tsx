import type { File, Scene } from '@fovea/contract';
import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteSceneFile, useSelectScript, useUnmatchSceneFile } from '../../api/queries/scene';
import { notifyDanger, notifySuccess } from '../../components/notify';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { filesVideoFirst } from './scene-files';
import { SceneFileRow } from './SceneFileRow';

type Pending = { kind: 'unmatch' | 'delete'; file: File } | null;

/** The Files tab: the scene's files (videos first) with script choice, unmatch and delete from disk. */
export function SceneFilesTab({ scene }: { scene: Scene }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<Pending>(null);
  const selectScript = useSelectScript();
  const unmatch = useUnmatchSceneFile();
  const remove = useDeleteSceneFile();
  const failed = (error: Error) => notifyDanger(t('errors.errorMessage', { message: error.message }));
  const close = () => setPending(null);

  const confirm = () => {
    if (pending === null) return;
    const { kind, file } = pending;
    const done = (text: string) => {
      notifySuccess(text);
      close();
    };
    if (kind === 'unmatch') {
      unmatch.mutate(file.id, {
        onSuccess: () => done(t('files.unmatched', { filename: file.filename })),
        onError: failed,
      });
    } else {
      remove.mutate(file.id, {
        onSuccess: () => done(t('files.deleted', { filename: file.filename })),
        onError: failed,
      });
    }
  };

  return (
    <Stack gap="xs" data-testid="scene-files">
      {scene.file.length === 0 && (
        <Text c="dimmed" fz="sm">
          {t('sceneDetails.files.none')}
        </Text>
      )}
      {filesVideoFirst(scene.file).map((file) => (
        <SceneFileRow
          key={file.id}
          file={file}
          scriptGroup={`scene-${scene.id}-script`}
          onSelectScript={(script) =>
            selectScript.mutate({ sceneId: scene.id, fileId: script.id }, { onError: failed })
          }
          onUnmatch={(target) => setPending({ kind: 'unmatch', file: target })}
          onDelete={(target) => setPending({ kind: 'delete', file: target })}
        />
      ))}
      <ConfirmDialog
        opened={pending?.kind === 'unmatch'}
        title={t('confirm.unmatchFile.title')}
        text={t('confirm.unmatchFile.text')}
        subject={pending?.file.filename}
        busy={unmatch.isPending}
        onConfirm={confirm}
        onClose={close}
      />
      <ConfirmDialog
        opened={pending?.kind === 'delete'}
        title={t('confirm.removeFile.title')}
        text={t('confirm.removeFile.text')}
        subject={pending?.file.filename}
        danger
        busy={remove.isPending}
        onConfirm={confirm}
        onClose={close}
      />
    </Stack>
  );
}
