import { FileBitrate, FileFramerate, FileResolution, FileState } from '@fovea/contract';
import { Chip, Group, Input, Paper, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreatedDateFilter } from './CreatedDateFilter';
import { shouldApplyFilename } from './file-filters';
import type { FileFilters } from './file-filters';

interface FileFilterBarProps {
  filters: FileFilters;
  onChange: (patch: Partial<FileFilters>, options?: { replace?: boolean }) => void;
}

/** The file name filter: the list reloads only for an empty text or one longer than 3 characters. */
function FilenameFilter({ value, onApply }: { value: string; onApply: (text: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value);
  }
  return (
    <TextInput
      label={t('files.filename.label')}
      placeholder={t('files.filename.placeholder')}
      leftSection={<IconSearch size={16} stroke={1.8} />}
      w={260}
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        if (shouldApplyFilename(next) && next !== value) onApply(next);
      }}
    />
  );
}

interface BucketChipsProps<T extends string> {
  label: string;
  options: readonly T[];
  value: readonly T[];
  text: (option: T) => string;
  onChange: (value: T[]) => void;
}

function BucketChips<T extends string>({ label, options, value, text, onChange }: BucketChipsProps<T>) {
  return (
    <Input.Wrapper label={label}>
      <Group gap={6} role="group" aria-label={label}>
        <Chip.Group
          multiple
          value={[...value]}
          onChange={(next) => onChange(options.filter((o) => next.includes(o)))}
        >
          {options.map((option) => (
            <Chip key={option} value={option} size="sm" variant="light">
              {text(option)}
            </Chip>
          ))}
        </Chip.Group>
      </Group>
    </Input.Wrapper>
  );
}

/** Filters of the files screen: state, file name, created-between, resolution, bitrate and framerate. */
export function FileFilterBar({ filters, onChange }: FileFilterBarProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" mb="md" component="section" aria-label={t('files.filters')}>
      <Stack gap="sm">
        <Group gap="lg" align="flex-end" wrap="wrap">
          <Input.Wrapper label={t('files.state.label')}>
            <div>
              <SegmentedControl
                aria-label={t('files.state.label')}
                value={filters.state}
                onChange={(state) => onChange({ state: FileState.parse(state) })}
                data={FileState.options.map((state) => ({ value: state, label: t(`files.state.${state}`) }))}
              />
            </div>
          </Input.Wrapper>
          <FilenameFilter
            value={filters.filename}
            onApply={(filename) => onChange({ filename }, { replace: true })}
          />
          <CreatedDateFilter
            value={filters.createdDate}
            onChange={(createdDate) => onChange({ createdDate })}
          />
        </Group>
        <Group gap="lg" align="flex-start" wrap="wrap">
          <BucketChips
            label={t('files.resolution.label')}
            options={FileResolution.options}
            value={filters.resolutions}
            text={(option) => t(`files.resolution.${option}`)}
            onChange={(resolutions) => onChange({ resolutions })}
          />
          <BucketChips
            label={t('files.bitrate.label')}
            options={FileBitrate.options}
            value={filters.bitrates}
            text={(option) => t(`files.bitrate.${option}`)}
            onChange={(bitrates) => onChange({ bitrates })}
          />
          <BucketChips
            label={t('files.framerate.label')}
            options={FileFramerate.options}
            value={filters.framerates}
            text={(option) => t(`files.framerate.${option}`)}
            onChange={(framerates) => onChange({ framerates })}
          />
        </Group>
      </Stack>
    </Paper>
  );
}
