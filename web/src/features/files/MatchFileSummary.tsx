import type { File } from '@fovea/contract';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { durationMinutes, formatDateTime, formatFileSize, formatResolution } from './file-format';

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ff="monospace" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** What the match dialog says about the file: name, path, size, resolution, minutes and created date. */
export function MatchFileSummary({ file }: { file: File }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="match-file">
      <Text fw={600} style={{ wordBreak: 'break-all' }} data-testid="match-file-name">
        {file.filename}
      </Text>
      <Text size="xs" c="dimmed" mb={6} style={{ wordBreak: 'break-all' }}>
        {file.path}
      </Text>
      <Group gap="xl">
        <Fact label={t('match.file.size')} value={formatFileSize(file.size)} />
        <Fact
          label={t('match.file.resolution')}
          value={formatResolution(file.video_width, file.video_height)}
        />
        <Fact
          label={t('match.file.duration')}
          value={t('match.minutes', { count: durationMinutes(file.duration) })}
          testId="match-file-minutes"
        />
        <Fact label={t('match.file.created')} value={formatDateTime(file.created_time)} />
      </Group>
    </Paper>
  );
}
