import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../api/client';
import { previewUrl, useTestPreview } from '../../../api/queries/options-previews';
import { useRealtimeEvent } from '../../../app/realtime';
import type { PreviewValues } from './preview-values';

/** How long the test waits for options.previews.previewReady before giving up. */
export const PREVIEW_TEST_TIMEOUT_MS = 180_000;

type TestState =
  | { kind: 'idle' }
  | { kind: 'generating' }
  | { kind: 'ready'; previewFn: string }
  | { kind: 'failed'; message: string };

/**
 * Renders a test preview with the settings as they are on screen (saved or not): the old one is hidden, a
 * spinner shows until the websocket names the new clip, which then plays.
 */
export function PreviewTest({ values }: { values: PreviewValues }) {
  const { t } = useTranslation();
  const [state, setState] = useState<TestState>({ kind: 'idle' });
  const test = useTestPreview();

  useRealtimeEvent('options.previews.previewReady', ({ previewFn }) => {
    setState((current) => (current.kind === 'generating' ? { kind: 'ready', previewFn } : current));
  });
  // The server logs a failed test on service.log (task "previews") instead of announcing a clip.
  useRealtimeEvent('service.log', ({ level, message, data }) => {
    if (data.task !== 'previews' || (level !== 'error' && level !== 'fatal')) return;
    setState((current) => (current.kind === 'generating' ? { kind: 'failed', message } : current));
  });

  const generating = state.kind === 'generating';
  useEffect(() => {
    if (!generating) return undefined;
    const timer = setTimeout(
      () => setState({ kind: 'failed', message: t('options.previews.testTimeout') }),
      PREVIEW_TEST_TIMEOUT_MS,
    );
    return () => clearTimeout(timer);
  }, [generating, t]);

  const start = () => {
    setState({ kind: 'generating' });
    test.mutate(values, {
      onError: (error) => {
        const message =
          error instanceof ApiRequestError && error.status === 0 ? t('errors.network') : error.message;
        setState({ kind: 'failed', message });
      },
    });
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid="preview-test">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={3} fz="md">
            {t('options.previews.test')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('options.previews.testDescription')}
          </Text>
        </div>
        <Button
          variant="light"
          leftSection={<IconPlayerPlay size={16} />}
          loading={generating}
          onClick={start}
          data-testid="preview-test-button"
        >
          {t('options.previews.testButton')}
        </Button>
      </Group>
      <Stack mt="md" gap="sm">
        {state.kind === 'generating' && (
          <Center py="lg" data-testid="preview-test-spinner">
            <Stack align="center" gap="xs">
              <Loader size="md" aria-label={t('options.previews.testGenerating')} />
              <Text size="sm" c="dimmed">
                {t('options.previews.testGenerating')}
              </Text>
            </Stack>
          </Center>
        )}
        {state.kind === 'ready' && (
          <video
            key={state.previewFn}
            src={previewUrl(state.previewFn)}
            data-testid="preview-test-video"
            data-preview={state.previewFn}
            autoPlay
            loop
            muted
            controls
            playsInline
            style={{ maxWidth: values.resolution, width: '100%', borderRadius: 8, background: '#000' }}
          />
        )}
        {state.kind === 'failed' && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            data-testid="preview-test-error"
          >
            {t('errors.errorMessage', { message: state.message })}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
