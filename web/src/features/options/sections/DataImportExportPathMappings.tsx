import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { PathMapping } from '@fovea/contract';
import { IconArrowRight, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface PathMappingsProps {
  mappings: PathMapping[];
  onChange: (mappings: PathMapping[]) => void;
  /** Shown under the rows when a row has a replacement but no prefix to replace. */
  error?: string;
}

/** The "from prefix → to prefix" rows that rewrite XBVR's file paths; rows are added and removed freely. */
export function DataImportExportPathMappings({ mappings, onChange, error }: PathMappingsProps) {
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<PathMapping>) =>
    onChange(mappings.map((mapping, at) => (at === index ? { ...mapping, ...patch } : mapping)));
  return (
    <Stack gap="xs" data-testid="xbvr-path-mappings">
      <div>
        <Text size="sm" fw={500}>
          {t('options.sections.dataImportExport.xbvr.mappings')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('options.sections.dataImportExport.xbvr.mappingsHint')}
        </Text>
      </div>
      {mappings.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('options.sections.dataImportExport.xbvr.noMappings')}
        </Text>
      )}
      {mappings.map((mapping, index) => (
        <Group key={index} gap="xs" wrap="nowrap" align="flex-end" data-testid={`xbvr-mapping-${index}`}>
          <TextInput
            aria-label={t('options.sections.dataImportExport.xbvr.from')}
            placeholder={t('options.sections.dataImportExport.xbvr.from')}
            value={mapping.from}
            onChange={(event) => update(index, { from: event.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <IconArrowRight size={16} style={{ marginBottom: 10 }} aria-hidden />
          <TextInput
            aria-label={t('options.sections.dataImportExport.xbvr.to')}
            placeholder={t('options.sections.dataImportExport.xbvr.to')}
            value={mapping.to}
            onChange={(event) => update(index, { to: event.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('options.sections.dataImportExport.xbvr.removeMapping', { index: index + 1 })}
            onClick={() => onChange(mappings.filter((_mapping, at) => at !== index))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {error !== undefined && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...mappings, { from: '', to: '' }])}
        >
          {t('options.sections.dataImportExport.xbvr.addMapping')}
        </Button>
      </Group>
    </Stack>
  );
}
