import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TOAST_COLOUR, TOAST_DURATION_MS, type ToastKind } from './notify';

/**
 * A toast with a link under its text (e.g. "x.mp4 went to “Scene”" and "Open the scene"); both texts must
 * already be translated. The link closes the toast and calls `onOpen`. Returns the notification id.
 */
export function notifyWithLink(
  kind: ToastKind,
  text: string,
  link: { label: string; onOpen: () => void; testId?: string },
): string {
  const id = notifications.show({
    color: TOAST_COLOUR[kind],
    autoClose: TOAST_DURATION_MS[kind],
    withBorder: true,
    message: (
      <Stack gap={2}>
        <Text size="sm">{text}</Text>
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="left"
          data-testid={link.testId}
          onClick={() => {
            notifications.hide(id);
            link.onOpen();
          }}
        >
          {link.label}
        </Anchor>
      </Stack>
    ),
  });
  return id;
}
