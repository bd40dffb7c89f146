import { matchSearchText, type File, type Scene } from '@fovea/contract';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCreateSceneForFile } from '../../api/queries/files';
import { notifyDanger, notifySuccess } from '../../components/notify';
import type { SceneOpenState } from '../scenes/use-open-scene-from-state';

/**
 * The title a new scene gets from a file name: the match search text (extension and technical words such as
 * "_180_LR", "mkx200" or "4k" dropped), or the name without its extension when nothing else is left.
 */
export function titleFromFilename(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return matchSearchText(filename) || (dot > 0 ? filename.slice(0, dot) : filename).trim();
}

interface CreateSceneDialogProps {
  file: File;
  onClose: () => void;
}

/**
 * Create Custom Scene for a file: optional Scene Id (generated when blank; cannot be changed later) and a
 * title (prefilled from the file name). The server matches the file to the new scene. Create and Edit then
 * opens the scenes route with the new scene for editing.
 */
export function CreateSceneDialog({ file, onClose }: CreateSceneDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sceneId, setSceneId] = useState('');
  const [title, setTitle] = useState(() => titleFromFilename(file.filename));
  const create = useCreateSceneForFile();
  const [pending, setPending] = useState<'create' | 'edit' | null>(null);

  const submit = (then: 'create' | 'edit') => {
    setPending(then);
    create.mutate(
      { title: title.trim(), id: sceneId.trim(), fileId: file.id, filename: file.filename },
      {
        onSuccess: (scene: Scene) => {
          notifySuccess(t('files.createScene.created', { id: scene.scene_id }));
          onClose();
          if (then === 'edit') {
            const state: SceneOpenState = { sceneId: scene.id, edit: true };
            void navigate('/', { state });
          }
        },
        onError: (error) => notifyDanger(t('errors.errorMessage', { message: error.message })),
        onSettled: () => setPending(null),
      },
    );
  };

  const blank = title.trim() === '';
  return (
    <Modal opened onClose={onClose} title={t('files.createScene.title')} centered radius="md">
      <form
        data-testid="create-scene"
        onSubmit={(event) => {
          event.preventDefault();
          if (!blank) submit('create');
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {file.filename}
          </Text>
          <TextInput
            label={t('files.createScene.sceneId')}
            description={t('files.createScene.sceneIdHint')}
            value={sceneId}
            onChange={(event) => setSceneId(event.currentTarget.value)}
          />
          <TextInput
            label={t('files.createScene.sceneTitle')}
            required
            data-autofocus
            value={title}
            error={blank ? t('files.createScene.titleRequired') : undefined}
            onChange={(event) => setTitle(event.currentTarget.value)}
          />
          <Group justify="flex-end" gap="xs" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="light"
              disabled={blank || pending !== null}
              loading={pending === 'edit'}
              onClick={() => submit('edit')}
            >
              {t('files.createScene.createAndEdit')}
            </Button>
            <Button type="submit" disabled={blank || pending !== null} loading={pending === 'create'}>
              {t('files.createScene.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
