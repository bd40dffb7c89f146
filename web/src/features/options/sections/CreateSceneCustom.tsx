import { Button, Group, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateCustomScene } from '../../../api/queries/scrapers';
import { notifyDanger, notifySuccess } from '../../../components/notify';
import { useSceneDetails } from '../../scene-details/scene-details-context';
import { CreateSceneCard } from './CreateSceneCard';

const TITLE_MAX_LENGTH = 500;
const SCENE_ID_MAX_LENGTH = 100;

/** Create Custom Scene: a title (required) and an optional scene id; the new scene opens in the editor. */
export function CreateSceneCustom() {
  const { t } = useTranslation();
  const details = useSceneDetails();
  const create = useCreateCustomScene();
  const [title, setTitle] = useState('');
  const [sceneId, setSceneId] = useState('');
  const blank = title.trim() === '';

  const submit = () => {
    // options-spec §5: nothing happens without a title.
    if (blank || create.isPending) return;
    create.mutate(
      { title: title.trim(), id: sceneId.trim() },
      {
        onSuccess: (scene) => {
          notifySuccess(t('files.createScene.created', { id: scene.scene_id }));
          setTitle('');
          setSceneId('');
          details.openEdit(scene.id);
        },
        onError: (error) => notifyDanger(t('errors.errorMessage', { message: error.message })),
      },
    );
  };

  return (
    <CreateSceneCard
      testId="create-custom-scene"
      title={t('files.createScene.title')}
      hint={t('options.createScene.customHint')}
      onSubmit={submit}
    >
      <TextInput
        label={t('files.createScene.sceneTitle')}
        required
        maxLength={TITLE_MAX_LENGTH}
        value={title}
        onChange={(event) => setTitle(event.currentTarget.value)}
      />
      <TextInput
        label={t('files.createScene.sceneId')}
        description={t('files.createScene.sceneIdHint')}
        maxLength={SCENE_ID_MAX_LENGTH}
        value={sceneId}
        onChange={(event) => setSceneId(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button
          type="submit"
          leftSection={<IconPlus size={16} />}
          disabled={blank}
          loading={create.isPending}
        >
          {t('files.createScene.create')}
        </Button>
      </Group>
    </CreateSceneCard>
  );
}
