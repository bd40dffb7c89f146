import { CUEPOINT_TABLE_PAGE_SIZE, CUEPOINT_TIME_MAX_SECONDS } from '@fovea/contract';
import type { Cuepoint, Scene } from '@fovea/contract';
import { Divider, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useAddCuepoint,
  useCuepointPresets,
  useDeleteCuepoint,
  useReplaceCuepoint,
} from '../../api/queries/scene-cuepoints';
import { notifyDanger } from '../../components/notify';
import { checkCuepointForm, EMPTY_CUEPOINT_FORM, formFromCuepoint, sortCuepoints } from './cuepoint-form';
import type { CuepointFormState } from './cuepoint-form';
import { formatClock } from './cuepoint-time';
import { CUEPOINT_ACCESS_KEYS, CuepointForm } from './CuepointForm';
import type { CuepointAction } from './CuepointForm';
import { cuepointPageCount, CuepointTable } from './CuepointTable';
import { useAccessKeys } from './use-access-keys';

export interface CuepointsTabProps {
  scene: Scene;
  /** The player's position in seconds (null when nothing plays); absent = no Current time. */
  getCurrentTime?: () => number | null;
}

/** The 1-based table page that shows the cuepoint, or null when it is not there. */
function pageOf(cuepoints: readonly Cuepoint[], id: number | undefined): number | null {
  const index = cuepoints.findIndex((cuepoint) => cuepoint.id === id);
  return index < 0 ? null : Math.floor(index / CUEPOINT_TABLE_PAGE_SIZE) + 1;
}

/**
 * The Cuepoints tab of scene details: the cuepoints by time, 7 a page, and the editor (library-spec §2, §4,
 * §5). Selecting a row loads it; Add new creates a cuepoint and empties the form, Save edit replaces the
 * selected one (delete, then create), Clear empties the form. Every answer is the scene, put in every cache.
 */
export default function CuepointsTab({ scene, getCurrentTime }: CuepointsTabProps) {
  const { t } = useTranslation();
  const presets = useCuepointPresets();
  const [form, setForm] = useState<CuepointFormState>(EMPTY_CUEPOINT_FORM);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [pageWanted, setPageWanted] = useState(1);
  // Another scene (previous/next in details) starts with an empty form on the first page.
  const [shownFor, setShownFor] = useState(scene.id);
  if (shownFor !== scene.id) {
    setShownFor(scene.id);
    setForm(EMPTY_CUEPOINT_FORM);
    setSelectedId(null);
    setPageWanted(1);
  }
  const add = useAddCuepoint(scene.id);
  const remove = useDeleteCuepoint(scene.id);
  const replace = useReplaceCuepoint(scene.id);

  const cuepoints = useMemo(() => sortCuepoints(scene.cuepoints), [scene.cuepoints]);
  const page = Math.min(Math.max(1, pageWanted), cuepointPageCount(cuepoints.length));
  const selected = cuepoints.find((cuepoint) => cuepoint.id === selectedId) ?? null;
  const check = checkCuepointForm(form);
  const busy = add.isPending || replace.isPending;

  const showError = (error: Error) => notifyDanger(t('errors.errorMessage', { message: error.message }));

  /** After a create: show the page with the cuepoint the answer added (the one whose id is new). */
  const followNew = (answer: Scene, before: ReadonlySet<number>, select: boolean) => {
    const created = answer.cuepoints.find((cuepoint) => !before.has(cuepoint.id));
    const target = pageOf(sortCuepoints(answer.cuepoints), created?.id);
    if (target !== null) setPageWanted(target);
    if (select) setSelectedId(created ? created.id : null);
  };

  const onAction = (action: CuepointAction) => {
    const before = new Set(scene.cuepoints.map((cuepoint) => cuepoint.id));
    if (action === 'clear') {
      setForm(EMPTY_CUEPOINT_FORM);
      setSelectedId(null);
    } else if (action === 'currentTime') {
      const now = getCurrentTime?.() ?? null;
      if (now === null || !Number.isFinite(now)) return;
      setForm((current) => ({
        ...current,
        timeStart: formatClock(Math.min(Math.max(0, now), CUEPOINT_TIME_MAX_SECONDS)),
      }));
    } else if (action === 'add' && check.body && !busy) {
      // Add new empties every field at once, ready for the next cuepoint (the table shows the new row); a
      // refused add gives the fields back unless something else was typed or selected meanwhile.
      const sent = form;
      setForm(EMPTY_CUEPOINT_FORM);
      setSelectedId(null);
      add.mutate(check.body, {
        onSuccess: (answer) => followNew(answer, before, false),
        onError: (error) => {
          setForm((current) => (current === EMPTY_CUEPOINT_FORM ? sent : current));
          showError(error);
        },
      });
    } else if (action === 'saveEdit' && check.body && selected && !busy) {
      replace.mutate(
        { oldId: selected.id, body: check.body },
        {
          onSuccess: (answer) => followNew(answer, before, true),
          onError: (error) => {
            setSelectedId(null);
            showError(error);
          },
        },
      );
    }
  };

  useAccessKeys(CUEPOINT_ACCESS_KEYS, onAction);

  const onDelete = (cuepoint: Cuepoint) => {
    remove.mutate(cuepoint.id, { onError: showError });
  };

  return (
    <Stack gap="xs" data-testid="cuepoints-tab">
      <CuepointTable
        cuepoints={cuepoints}
        page={page}
        onPage={setPageWanted}
        selectedId={selected?.id ?? null}
        onSelect={(cuepoint) => {
          setSelectedId(cuepoint.id);
          setForm(formFromCuepoint(cuepoint, presets.positions));
        }}
        onDelete={onDelete}
        deletingId={remove.isPending ? (remove.variables ?? null) : null}
      />
      <Divider />
      <CuepointForm
        form={form}
        check={check}
        presets={presets}
        onChange={(patch) => setForm((current) => ({ ...current, ...patch }))}
        editing={selected !== null}
        hasPlayer={getCurrentTime !== undefined}
        busy={busy}
        onAction={onAction}
      />
    </Stack>
  );
}
