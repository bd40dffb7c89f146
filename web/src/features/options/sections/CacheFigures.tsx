import { Button, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CacheResetKind, OptionsStateResponse } from '@fovea/contract';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCacheReset } from '../../../api/queries/options-cache';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notifyDanger, notifySuccess } from '../../../components/notify';
import { CACHE_FIGURE_TEST_IDS, CACHE_KINDS, cacheResetErrorText } from './cache-reset';
import { formatBytes } from './storage-table';

type CacheSizes = OptionsStateResponse['currentState']['cacheSize'];

interface FigureProps {
  kind: CacheResetKind;
  value: string;
  resetting: boolean;
  onReset: () => void;
}

function Figure({ kind, value, resetting, onReset }: FigureProps) {
  const { t } = useTranslation();
  const name = t(`options.cache.${kind}`);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs" align="flex-start">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          {name}
        </Text>
        <Text fz="xl" fw={700} data-testid={CACHE_FIGURE_TEST_IDS[kind]}>
          {value}
        </Text>
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconTrash size={14} />}
          loading={resetting}
          aria-label={t('options.cache.resetLabel', { name })}
          data-testid={`cache-reset-${kind}`}
          onClick={onReset}
        >
          {t('options.cache.reset')}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * The sizes of the images cache (of its limit), the preview clips and the search index, each with a Reset
 * behind a confirmation that says what goes (DELETE /api/options/cache/reset/{kind}, 30 s timeout).
 */
export function CacheFigures({ sizes }: { sizes: CacheSizes }) {
  const { t } = useTranslation();
  const reset = useCacheReset();
  // The kind stays while the dialog closes, so its text does not change during the closing transition.
  const [dialog, setDialog] = useState<{ kind: CacheResetKind; opened: boolean }>({
    kind: 'images',
    opened: false,
  });
  const close = () => setDialog((current) => ({ ...current, opened: false }));
  const values: Record<CacheResetKind, string> = {
    images: t('options.cache.usedOfLimit', {
      used: formatBytes(sizes.images),
      limit: formatBytes(sizes.imagesLimit),
    }),
    previews: formatBytes(sizes.previews),
    searchIndex: formatBytes(sizes.searchIndex),
  };
  const confirm = (kind: CacheResetKind) =>
    reset.mutate(kind, {
      onSuccess: () => notifySuccess(t(`options.cache.resetKinds.${kind}.done`)),
      onError: (error) => notifyDanger(cacheResetErrorText(error, t)),
      onSettled: close,
    });

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {CACHE_KINDS.map((kind) => (
          <Figure
            key={kind}
            kind={kind}
            value={values[kind]}
            resetting={reset.isPending && reset.variables === kind}
            onReset={() => setDialog({ kind, opened: true })}
          />
        ))}
      </SimpleGrid>
      <ConfirmDialog
        opened={dialog.opened}
        title={t(`options.cache.resetKinds.${dialog.kind}.title`)}
        text={t(`options.cache.resetKinds.${dialog.kind}.text`)}
        confirmLabel={t('options.cache.resetConfirm')}
        danger
        busy={reset.isPending}
        onConfirm={() => confirm(dialog.kind)}
        onClose={() => {
          if (!reset.isPending) close();
        }}
      />
    </>
  );
}
