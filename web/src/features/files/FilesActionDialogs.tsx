import type { File } from '@fovea/contract';
import { useTranslation } from 'react-i18next';
import { useDeleteFile, useUnmatchFile } from '../../api/queries/files';
import { notifyDanger, notifySuccess } from '../../components/notify';
import { LazyPlayerOverlay } from '../player/LazyPlayerOverlay';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CreateSceneDialog } from './CreateSceneDialog';
import { MatchFileDialog } from './MatchFileDialog';

/** The dialog the files screen shows now, with its file. */
export type FileDialog = { kind: 'play' | 'match' | 'unmatch' | 'create' | 'delete'; file: File } | null;

interface FilesActionDialogsProps {
  dialog: FileDialog;
  /** The files the table shows (match dialog navigation). */
  files: readonly File[];
  onChange: (dialog: FileDialog) => void;
}

/** Player, Match, Create Custom Scene and the Unmatch / Remove file confirmations of the files screen. */
export function FilesActionDialogs({ dialog, files, onChange }: FilesActionDialogsProps) {
  const { t } = useTranslation();
  const unmatch = useUnmatchFile();
  const remove = useDeleteFile();
  const close = () => onChange(null);
  const failed = (error: Error) => notifyDanger(t('errors.errorMessage', { message: error.message }));

  return (
    <>
      <LazyPlayerOverlay file={dialog?.kind === 'play' ? dialog.file : null} onClose={close} />
      {dialog?.kind === 'match' && (
        <MatchFileDialog
          file={dialog.file}
          files={files}
          onNavigate={(file) => onChange({ kind: 'match', file })}
          onClose={close}
        />
      )}
      {dialog?.kind === 'create' && (
        <CreateSceneDialog key={dialog.file.id} file={dialog.file} onClose={close} />
      )}
      <ConfirmDialog
        opened={dialog?.kind === 'unmatch'}
        title={t('confirm.unmatchFile.title')}
        text={t('confirm.unmatchFile.text')}
        subject={dialog?.file.filename}
        confirmLabel={t('files.actions.unmatch')}
        busy={unmatch.isPending}
        onClose={close}
        onConfirm={() => {
          if (dialog?.kind !== 'unmatch') return;
          const { file } = dialog;
          unmatch.mutate(file.id, {
            onSuccess: () => {
              notifySuccess(t('files.unmatched', { filename: file.filename }));
              close();
            },
            onError: failed,
          });
        }}
      />
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title={t('confirm.removeFile.title')}
        text={t('confirm.removeFile.text')}
        subject={dialog?.file.filename}
        confirmLabel={t('files.actions.delete')}
        danger
        busy={remove.isPending}
        onClose={close}
        onConfirm={() => {
          if (dialog?.kind !== 'delete') return;
          const { file } = dialog;
          remove.mutate(file.id, {
            onSuccess: () => {
              notifySuccess(t('files.deleted', { filename: file.filename }));
              close();
            },
            onError: failed,
          });
        }}
      />
    </>
  );
}
