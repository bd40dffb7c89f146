import type { Scene } from '@fovea/contract';
import { Alert, Button, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../api/client';
import { useScene } from '../../api/queries/scene';
import { useDeleteScene, useSaveSceneEdit } from '../../api/queries/scene-edit';
import { notifyDanger, notifySuccess } from '../../components/notify';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EditDialogFooter, EditDialogFrame } from '../../components/edit-dialog/EditDialogFrame';
import { useEditDialogKeys } from '../../components/edit-dialog/use-edit-dialog-keys';
import { SceneDetailsContext } from '../scene-details/scene-details-context';
import { buildSceneEditBody, checkSceneEditForm, formFromScene, isFormDirty } from './scene-edit-form';
import type { SceneEditForm } from './scene-edit-form';
import { SceneEditTabs } from './SceneEditTabs';

export interface SceneEditDialogProps {
  /** The numeric id of the scene to edit; null = closed. */
  sceneId: number | null;
  onClose: () => void;
}

interface EditState {
  initial: SceneEditForm;
  form: SceneEditForm;
}

/** True when Escape belongs to an open dropdown (cast, tags, site) rather than to the dialog. */
const closesDropdown = (target: EventTarget | null) =>
  target instanceof HTMLElement && target.getAttribute('aria-expanded') === 'true';

/** The server's message for a refused save, with its per-field problems. */
function SaveError({ error }: { error: Error }) {
  const { t } = useTranslation();
  const issues = error instanceof ApiRequestError ? error.issues : [];
  return (
    <Alert color="red" title={t('sceneEdit.saveFailed')} data-testid="scene-edit-error">
      <Text size="sm">{error.message}</Text>
      {issues.map((issue) => (
        <Text size="sm" key={`${issue.path.join('.')}:${issue.message}`}>
          {issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}
          {issue.message}
        </Text>
      ))}
    </Alert>
  );
}

function SceneEditModal({ sceneId, onClose }: { sceneId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useScene(sceneId);
  const scene: Scene | undefined = query.data ?? undefined;
  const [edit, setEdit] = useState<EditState | null>(null);
  if (scene !== undefined && edit === null) {
    const initial = formFromScene(scene);
    setEdit({ initial, form: initial });
  }
  const [confirm, setConfirm] = useState<'close' | 'delete' | null>(null);
  const save = useSaveSceneEdit();
  const remove = useDeleteScene();
  const details = useContext(SceneDetailsContext);

  const dirty = edit !== null && isFormDirty(edit.form, edit.initial);
  const problems = edit === null ? {} : checkSceneEditForm(edit.form);
  const canSave = scene !== undefined && edit !== null && Object.keys(problems).length === 0;

  const requestClose = () => {
    if (save.isPending) return;
    if (dirty) setConfirm('close');
    else onClose();
  };

  const submit = () => {
    if (!canSave || save.isPending || confirm !== null) return;
    save.mutate(
      { id: scene.id, body: buildSceneEditBody(scene, edit.form, edit.initial) },
      { onSuccess: onClose },
    );
  };

  const deleteScene = () => {
    if (scene === undefined) return;
    remove.mutate(scene.id, {
      onSuccess: () => {
        notifySuccess(t('sceneEdit.deleted', { title: scene.title }));
        setConfirm(null);
        onClose();
        details?.close();
      },
      onError: (error) => notifyDanger(t('errors.errorMessage', { message: error.message })),
    });
  };

  // Registered last, Esc and s win over the details overlay underneath while the dialog is open.
  useEditDialogKeys({
    closesDropdown,
    confirming: confirm !== null,
    cancelConfirm: () => setConfirm(null),
    requestClose,
    submit,
  });

  const notFound = query.data === null || (query.isError && query.data === undefined);
  return (
    <EditDialogFrame
      title={t('sceneEdit.title', { title: scene?.title ?? '' })}
      size="xl"
      testId="scene-edit-dialog"
      ready={edit !== null && scene !== undefined}
      notFound={notFound}
      notFoundText={t('sceneEdit.notFound')}
      onRequestClose={requestClose}
      confirmingClose={confirm === 'close'}
      onClose={onClose}
      onCancelConfirm={() => setConfirm(null)}
      dialogs={
        <ConfirmDialog
          opened={confirm === 'delete'}
          title={t('confirm.deleteScene.title')}
          text={t('confirm.deleteScene.text')}
          subject={scene?.title}
          confirmLabel={t('confirm.deleteScene.title')}
          danger
          busy={remove.isPending}
          onConfirm={deleteScene}
          onClose={() => setConfirm(null)}
        />
      }
    >
      {edit !== null && (
        <>
          <SceneEditTabs
            form={edit.form}
            problems={problems}
            onChange={(patch) => setEdit((state) => state && { ...state, form: { ...state.form, ...patch } })}
          />
          {save.error && <SaveError error={save.error} />}
          <EditDialogFooter
            dirty={dirty}
            dirtyTestId="scene-edit-dirty"
            canSave={canSave}
            saving={save.isPending}
            onCancel={requestClose}
            onSave={submit}
            start={
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => setConfirm('delete')}
              >
                {t('sceneEdit.deleteScene')}
              </Button>
            }
          />
        </>
      )}
    </EditDialogFrame>
  );
}

/**
 * The scene edit dialog (library-spec §2): tabs Information, Filenames, Covers and Gallery; Save sends the
 * whole scene as the reference does (POST /api/scene/edit/{id}) and puts the answer in every cache. Esc closes
 * and s saves; closing with unsaved changes asks 'Close without saving'. Open while sceneId is not null.
 */
export default function SceneEditDialog({ sceneId, onClose }: SceneEditDialogProps) {
  if (sceneId === null) return null;
  return <SceneEditModal key={sceneId} sceneId={sceneId} onClose={onClose} />;
}
