import {
  ActionIcon,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatSortSequence, moveSortStep, parseSortSequence, unusedSortKeys } from './sort-sequence';
import type { SortFileKind, SortKey, SortStep } from './sort-sequence';

interface SortSequenceEditorProps {
  kind: SortFileKind;
  /** The stored form, e.g. "resolution desc,filename". */
  value: string;
  onChange: (value: string) => void;
}

/**
 * One players sort sequence: an ordered list of keys, each Ascending or Descending. Keys can be added (each
 * once), removed (one always stays), reordered and flipped; the first decides, later ones break ties.
 */
export function SortSequenceEditor({ kind, value, onChange }: SortSequenceEditorProps) {
  const { t } = useTranslation();
  const steps = parseSortSequence(value, kind);
  const unused = unusedSortKeys(steps, kind);
  const label = (key: SortKey) => t(`options.players.sortKeys.${key}`);
  const title = t(`options.players.sort.${kind}`);
  const update = (next: SortStep[]) => onChange(formatSortSequence(next));
  const replace = (index: number, patch: Partial<SortStep>) =>
    update(steps.map((step, i) => (i === index ? { ...step, ...patch } : step)));

  return (
    <Paper withBorder p="md" radius="md" data-testid={`sort-sequence-${kind}`}>
      <Title order={3} fz="md">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t(`options.players.sort.${kind}Description`)}
      </Text>
      <Stack gap="xs">
        {steps.map((step, index) => {
          const position = index + 1;
          return (
            <Group key={step.key} gap="xs" wrap="nowrap" data-testid={`sort-step-${kind}-${index}`}>
              <Text size="sm" c="dimmed" w={20} ta="right">
                {position}
              </Text>
              <Select
                aria-label={t('options.players.sort.keyLabel', { list: title, position })}
                data={[step.key, ...unused].map((key) => ({ value: key, label: label(key) }))}
                value={step.key}
                allowDeselect={false}
                onChange={(key) => {
                  const chosen = unused.find((candidate) => candidate === key);
                  if (chosen !== undefined) replace(index, { key: chosen });
                }}
                w={170}
              />
              <SegmentedControl
                aria-label={t('options.players.sort.directionLabel', { list: title, position })}
                size="xs"
                value={step.desc ? 'desc' : 'asc'}
                onChange={(direction) => replace(index, { desc: direction === 'desc' })}
                data={[
                  { value: 'asc', label: t('options.players.sort.ascending') },
                  { value: 'desc', label: t('options.players.sort.descending') },
                ]}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                disabled={index === 0}
                onClick={() => update(moveSortStep(steps, index, -1))}
                aria-label={t('options.players.sort.moveUp', { key: label(step.key) })}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                disabled={index === steps.length - 1}
                onClick={() => update(moveSortStep(steps, index, 1))}
                aria-label={t('options.players.sort.moveDown', { key: label(step.key) })}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                disabled={steps.length === 1}
                onClick={() => update(steps.filter((_, i) => i !== index))}
                aria-label={t('options.players.sort.remove', { key: label(step.key) })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          );
        })}
      </Stack>
      <Group mt="sm" gap="sm">
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          disabled={unused.length === 0}
          onClick={() => {
            const [key] = unused;
            if (key !== undefined) update([...steps, { key, desc: false }]);
          }}
        >
          {t('options.players.sort.add')}
        </Button>
      </Group>
      {kind === 'video' && (
        <Text size="xs" c="dimmed" mt="sm" data-testid="codec-ranking-note">
          {t('options.players.sort.codecNote')}
        </Text>
      )}
    </Paper>
  );
}
