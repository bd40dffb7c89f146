import { Button, Center, Loader, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';

/** What the overlay has to show: the item, or why not yet / not at all. */
export type DetailsOverlayStatus = 'ready' | 'loading' | 'failed' | 'notFound';

export interface DetailsOverlayProps {
  rootRef: RefObject<HTMLDivElement | null>;
  /** The heading (the item's name and the like), once there is an item. */
  title: ReactNode;
  /** Closes the overlay (or the view on top of it): the close button, and Esc while no item is shown. */
  onClose: () => void;
  status: DetailsOverlayStatus;
  onRetry: () => void;
  /** The texts of the three states without an item, and the close button's name. */
  labels: { close: string; loadFailed: string; notFound: string };
  testId: string;
  /** Drawn at this layer (under another overlay); default Mantine's modal layer. */
  zIndex?: number;
  /** The item, shown while the status is 'ready'. */
  children: ReactNode;
}

/**
 * The chrome the scene and actor details share: a full-screen modal with its title and close button, a
 * spinner while the item loads, a retry when it fails, and "not found" with a close button for an id that
 * names nothing. While the item is shown its own keys handle Esc (they may go back a view first).
 */
export function DetailsOverlay({
  rootRef,
  title,
  onClose,
  status,
  onRetry,
  labels,
  testId,
  zIndex,
  children,
}: DetailsOverlayProps) {
  const { t } = useTranslation();
  return (
    <Modal
      ref={rootRef}
      opened
      onClose={onClose}
      fullScreen
      closeOnEscape={status !== 'ready'}
      zIndex={zIndex}
      padding="md"
      title={status === 'ready' ? title : null}
      closeButtonProps={{ 'aria-label': labels.close }}
      attributes={{ content: { 'data-testid': testId, 'data-status': status } }}
      transitionProps={{ transition: 'fade', duration: 120 }}
    >
      {status === 'ready' ? (
        children
      ) : status === 'loading' ? (
        <Center mih={200}>
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : (
        <Center mih={200}>
          <Stack
            align="center"
            gap="sm"
            data-testid={`${testId}-${status === 'failed' ? 'failed' : 'not-found'}`}
          >
            <Text c="dimmed">{status === 'failed' ? labels.loadFailed : labels.notFound}</Text>
            {status === 'failed' ? (
              <Button variant="light" onClick={onRetry}>
                {t('common.retry')}
              </Button>
            ) : (
              <Button variant="light" onClick={onClose}>
                {labels.close}
              </Button>
            )}
          </Stack>
        </Center>
      )}
    </Modal>
  );
}
