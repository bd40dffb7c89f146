import { notifications } from '@mantine/notifications';

/** How long each kind of toast stays, in milliseconds (library-spec §8-9, options-spec §8-9). */
export const TOAST_DURATION_MS = {
  danger: 5_000,
  warning: 5_000,
  /** Single-scene scrape warnings. */
  warningLong: 10_000,
  success: 3_000,
  /** Failed file import or parse. */
  importError: 30_000,
} as const;

export type ToastKind = keyof typeof TOAST_DURATION_MS;

export const TOAST_COLOUR: Record<ToastKind, string> = {
  danger: 'red',
  warning: 'yellow',
  warningLong: 'yellow',
  success: 'teal',
  importError: 'red',
};

/** Shows a toast of the given kind; the text must already be translated. Returns the notification id. */
export function notify(kind: ToastKind, text: string): string {
  return notifications.show({
    message: text,
    color: TOAST_COLOUR[kind],
    autoClose: TOAST_DURATION_MS[kind],
    withBorder: true,
  });
}

export const notifyDanger = (text: string): string => notify('danger', text);
export const notifyWarning = (text: string): string => notify('warning', text);
export const notifyWarningLong = (text: string): string => notify('warningLong', text);
export const notifySuccess = (text: string): string => notify('success', text);
export const notifyImportError = (text: string): string => notify('importError', text);
