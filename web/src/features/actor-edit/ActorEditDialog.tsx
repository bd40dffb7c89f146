import type { Actor } from '@fovea/contract';
import { Alert } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../api/client';
import { useActor, useActorExtrefs } from '../../api/queries/actor';
import { useEditActor } from '../../api/queries/actor-edit';
import { useCountryList } from '../../api/queries/countries';
import { useOptionsState } from '../../api/queries/options';
import { useShortcut } from '../../app/shortcuts';
import { EditDialogFooter, EditDialogFrame } from '../../components/edit-dialog/EditDialogFrame';
import { useEditDialogKeys } from '../../components/edit-dialog/use-edit-dialog-keys';
import {
  buildActorEditBody,
  checkActorEditForm,
  fieldErrorsFromServer,
  formFromActor,
  isFormDirty,
  profilesToSave,
} from './actor-edit-form';
import type { ActorEditForm, FieldErrors } from './actor-edit-form';
import { ActorEditTabs } from './ActorEditTabs';

export interface ActorEditDialogProps {
  /** The id of the actor to edit; null = closed. */
  actorId: number | null;
  onClose: () => void;
}

interface EditState {
  initial: ActorEditForm;
  form: ActorEditForm;
}

/** Keys of the overlays underneath (actor and scene details, quick find): the open dialog swallows them. */
const KEYS_OF_OVERLAYS_BELOW = [
  'o',
  'p',
  'f',
  'w',
  'e',
  'g',
  't',
  '0',
  'Shift+W',
  'ArrowLeft',
  'ArrowRight',
  '?',
];

/**
 * True when Escape belongs to an open dropdown (nationality, suggestions) rather than to the dialog: the field's
 * list is open and shows something (options or 'No matching country'); an empty suggestion list is not shown.
 */
function closesDropdown(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement) || target.getAttribute('aria-expanded') !== 'true') return false;
  const listId = target.getAttribute('aria-controls');
  const list = listId === null ? null : document.getElementById(listId);
  return list !== null && (list.textContent ?? '').trim() !== '';
}

function ActorEditModal({ actorId, onClose }: { actorId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useActor(actorId);
  const options = useOptionsState();
  const countries = useCountryList();
  const imperial = options.data?.config.advanced.useImperialEntry ?? false;
  // The form starts from the actor as the server has it now (not from an older card copy).
  const actor: Actor | undefined = query.isFetching ? undefined : (query.data ?? undefined);
  // The external references are offered once read; when they cannot be read they are left alone.
  const extrefs = useActorExtrefs(actorId);
  const extrefsSettled = !extrefs.isFetching && (extrefs.data !== undefined || extrefs.isError);
  const [edit, setEdit] = useState<EditState | null>(null);
  if (actor !== undefined && extrefsSettled && edit === null) {
    const initial = formFromActor(actor, extrefs.data ?? null);
    setEdit({ initial, form: initial });
  }
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [confirmClose, setConfirmClose] = useState(false);
  const save = useEditActor();

  const codes = useMemo(
    () => (countries.data ? new Set(countries.data.map((country) => country.code)) : undefined),
    [countries.data],
  );
  const problems = edit === null ? {} : checkActorEditForm(edit.form, codes, undefined, { imperial });
  const errors: FieldErrors = { ...serverErrors };
  for (const field of Object.keys(problems) as (keyof ActorEditForm)[]) {
    const key = problems[field];
    if (key !== undefined) errors[field] = t(key);
  }
  const dirty = edit !== null && isFormDirty(edit.form, edit.initial);
  const canSave = edit !== null && Object.keys(problems).length === 0 && !save.isPending;
  const unplaced = save.error !== null && Object.keys(serverErrors).length === 0 ? save.error : null;

  const requestClose = () => {
    if (save.isPending) return;
    if (dirty) setConfirmClose(true);
    else onClose();
  };

  const submit = () => {
    if (edit === null || !canSave || confirmClose) return;
    if (!dirty) return onClose();
    const { form, initial } = edit;
    save.mutate(
      {
        id: actorId,
        body: buildActorEditBody(form, initial, imperial),
        mainImage: form.mainImage !== initial.mainImage ? form.mainImage : undefined,
        previousMainImage: initial.mainImage,
        profiles: profilesToSave(form, initial),
      },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (error instanceof ApiRequestError && error.status === 400) {
            setServerErrors(fieldErrorsFromServer(error.message, error.issues, imperial));
          }
        },
      },
    );
  };

  const change = (patch: Partial<ActorEditForm>) => {
    setEdit((state) => state && { ...state, form: { ...state.form, ...patch } });
    const cleared = new Set<string>(Object.keys(patch));
    if (cleared.has('inches')) cleared.add('feet');
    setServerErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([field]) => !cleared.has(field))),
    );
  };

  // Registered last, Esc, s and the swallowed keys belong to this dialog while it is the topmost overlay.
  useEditDialogKeys({
    closesDropdown,
    confirming: confirmClose,
    cancelConfirm: () => setConfirmClose(false),
    requestClose,
    submit,
  });
  useShortcut(KEYS_OF_OVERLAYS_BELOW, () => undefined);

  const notFound = query.data === null || (query.isError && query.data === undefined);
  return (
    <EditDialogFrame
      title={t('actorEdit.title', { name: query.data?.name ?? '' })}
      size="60rem"
      testId="actor-edit-dialog"
      ready={edit !== null}
      notFound={notFound}
      notFoundText={t('actorEdit.notFound')}
      onRequestClose={requestClose}
      confirmingClose={confirmClose}
      onClose={onClose}
      onCancelConfirm={() => setConfirmClose(false)}
    >
      {edit !== null && (
        <>
          <ActorEditTabs
            form={edit.form}
            errors={errors}
            imperial={imperial}
            onChange={change}
            scraping={{ actorId, dirty, onScraped: () => setEdit(null) }}
          />
          {unplaced && (
            <Alert color="red" title={t('actorEdit.saveFailed')} data-testid="actor-edit-error">
              {unplaced.message}
            </Alert>
          )}
          <EditDialogFooter
            dirty={dirty}
            dirtyTestId="actor-edit-dirty"
            canSave={canSave}
            saving={save.isPending}
            onCancel={requestClose}
            onSave={submit}
          />
        </>
      )}
    </EditDialogFrame>
  );
}

/**
 * The actor edit dialog (library-spec §2, §5): tabs Information, Aliases, Tattoos, Piercings, Links, Images and
 * Actor Scraper. Save sends the changed fields (POST /api/actor/edit/{id}) and the main image, and puts every
 * answer in the caches; the server's 400 messages show on their fields. Esc closes and s saves; closing with
 * unsaved changes asks 'Close without saving'. Open while actorId is not null.
 */
export default function ActorEditDialog({ actorId, onClose }: ActorEditDialogProps) {
  if (actorId === null) return null;
  return <ActorEditModal key={actorId} actorId={actorId} onClose={onClose} />;
}
