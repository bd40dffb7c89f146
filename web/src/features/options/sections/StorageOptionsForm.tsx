import { Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import type { StorageResponse } from '@fovea/contract';
import { IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRescan, useSaveStorageOptions } from '../../../api/queries/storage';
import { notifySuccess } from '../../../components/notify';
import { SaveBar } from './SaveBar';
import { saveFeedback } from './save-feedback';
import { sameExtensions } from './storage-extensions';
import { StorageExtensionsInput } from './StorageExtensionsInput';

interface StorageOptionsValues {
  match_ohash: boolean;
  video_ext: string[];
  /** Reset to defaults was chosen (and the list not edited since): saved as [] so the defaults stay in force. */
  useDefaults: boolean;
}

interface StorageOptionsFormProps {
  storage: StorageResponse;
}

/** Storage options: match by OpenSubtitles hash and the video extensions (PUT /api/options/storage). */
export function StorageOptionsForm({ storage }: StorageOptionsFormProps) {
  const { t } = useTranslation();
  const initial: StorageOptionsValues = {
    match_ohash: storage.match_ohash,
    video_ext: storage.video_ext,
    useDefaults: false,
  };
  const [values, setValues] = useState(initial);
  const save = useSaveStorageOptions();
  const rescan = useRescan();
  const extensionsChanged = !sameExtensions(values.video_ext, initial.video_ext);
  const dirty = values.match_ohash !== initial.match_ohash || extensionsChanged;
  const atDefaults = sameExtensions(values.video_ext, storage.default_video_ext);

  const onSave = () => {
    const feedback = saveFeedback(t);
    save.mutate(
      {
        match_ohash: values.match_ohash,
        video_ext: values.useDefaults ? [] : values.video_ext,
        forbidden_video_ext: storage.forbidden_video_ext,
        default_video_ext: storage.default_video_ext,
      },
      {
        onError: feedback.onError,
        onSuccess: () => {
          // New extensions only count once the folders are scanned again (as XBVR does after saving).
          if (!extensionsChanged) {
            feedback.onSuccess();
            return;
          }
          notifySuccess(t('options.storage.savedRescan'));
          rescan.mutate(null);
        },
      },
    );
  };

  return (
    <Stack gap="md" data-testid="storage-options">
      <Paper withBorder p="md" radius="md">
        <Stack gap="lg">
          <Switch
            label={t('options.storage.matchOhash')}
            aria-label={t('options.storage.matchOhash')}
            description={t('options.storage.matchOhashDescription')}
            checked={values.match_ohash}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setValues((current) => ({ ...current, match_ohash: checked }));
            }}
          />
          <Stack gap={6}>
            <StorageExtensionsInput
              value={values.video_ext}
              forbidden={storage.forbidden_video_ext}
              known={storage.known_video_ext}
              onChange={(video_ext) =>
                setValues((current) => ({ ...current, video_ext, useDefaults: false }))
              }
            />
            {values.video_ext.length === 0 && (
              <Text size="xs" c="dimmed">
                {t('options.storage.videoExtEmpty')}
              </Text>
            )}
            <Group gap="sm">
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconRestore size={14} />}
                disabled={atDefaults && (values.useDefaults || !extensionsChanged)}
                onClick={() =>
                  setValues((current) => ({
                    ...current,
                    video_ext: [...storage.default_video_ext],
                    useDefaults: true,
                  }))
                }
              >
                {t('options.storage.resetDefaults')}
              </Button>
              <Text size="xs" c="dimmed">
                {t('options.storage.defaults', { list: storage.default_video_ext.join(' ') })}
              </Text>
            </Group>
          </Stack>
        </Stack>
      </Paper>
      <SaveBar dirty={dirty} saving={save.isPending} onReset={() => setValues(initial)} onSave={onSave} />
    </Stack>
  );
}
