import { useShortcut } from '../../app/shortcuts';

interface EditDialogKeys {
  /** Escape belongs to this open dropdown rather than to the dialog. */
  closesDropdown: (target: EventTarget | null) => boolean;
  /** A question of the dialog is open: Escape dismisses it. */
  confirming: boolean;
  cancelConfirm: () => void;
  requestClose: () => void;
  submit: () => void;
}

/**
 * Esc closes (asking first when something changed), s saves (library-spec §2). Registered after the overlay
 * underneath, these win the keys while the dialog is open.
 */
export function useEditDialogKeys({
  closesDropdown,
  confirming,
  cancelConfirm,
  requestClose,
  submit,
}: EditDialogKeys) {
  useShortcut(
    'Escape',
    (event) => {
      if (closesDropdown(event.target)) return;
      if (confirming) cancelConfirm();
      else requestClose();
    },
    { allowInInputs: true },
  );
  useShortcut('s', submit);
}
