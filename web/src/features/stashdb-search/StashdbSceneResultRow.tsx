import type { StashdbSceneResult } from '@fovea/contract';
import { Anchor, Badge, Box, Button, Group, Image, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { proxiedImage } from '../../components/proxied-image';
import { performerNames, resultFacts } from './stashdb-results';

const THUMB_WIDTH = 120;
const THUMB_HEIGHT = 68;

/** The result's picture through the image proxy; none, or one that fails to load, leaves a blank box. */
function ResultThumb({ url }: { url: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (url === '' || failedUrl === url) {
    return (
      <Box
        w={THUMB_WIDTH}
        h={THUMB_HEIGHT}
        bg="var(--mantine-color-default-hover)"
        style={{ borderRadius: 4, flexShrink: 0 }}
      />
    );
  }
  return (
    <Image
      src={proxiedImage(url, `${THUMB_WIDTH}x`)}
      alt=""
      w={THUMB_WIDTH}
      h={THUMB_HEIGHT}
      fit="cover"
      radius={4}
      loading="lazy"
      style={{ flexShrink: 0 }}
      data-testid="stashdb-result-image"
      onError={() => setFailedUrl(url)}
    />
  );
}

interface StashdbSceneResultRowProps {
  result: StashdbSceneResult;
  /** This result is being linked now. */
  linking: boolean;
  /** Another result is being linked: this one waits. */
  disabled: boolean;
  onLink: (result: StashdbSceneResult) => void;
}

/** One StashDB scene: picture, title (opens StashDB in a new window), facts, cast, description, score, Link. */
export function StashdbSceneResultRow({ result, linking, disabled, onLink }: StashdbSceneResultRowProps) {
  const { t } = useTranslation();
  const facts = resultFacts(result);
  const performers = performerNames(result);
  return (
    <Group wrap="nowrap" align="flex-start" gap="sm" data-testid="stashdb-result" data-stash-id={result.Id}>
      <ResultThumb url={result.ImageUrl} />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Anchor
            href={result.Url}
            target="_blank"
            rel="noreferrer"
            fw={600}
            fz="sm"
            title={t('stashdbSearch.openInStashdb')}
            data-testid="stashdb-result-title"
          >
            <Group gap={4} component="span" wrap="nowrap">
              {result.Title === '' ? t('sceneDetails.noTitle') : result.Title}
              <IconExternalLink size={14} />
            </Group>
          </Anchor>
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }} data-testid="stashdb-result-weight">
            {t('stashdbSearch.score', { weight: result.Weight })}
          </Badge>
        </Group>
        {facts !== '' && (
          <Text fz="xs" c="dimmed" data-testid="stashdb-result-facts">
            {facts}
          </Text>
        )}
        {performers !== '' && (
          <Text fz="xs" data-testid="stashdb-result-performers">
            {performers}
          </Text>
        )}
        {result.Description !== '' && (
          <Text fz="xs" c="dimmed" lineClamp={3} data-testid="stashdb-result-description">
            {result.Description}
          </Text>
        )}
      </Stack>
      <Button
        size="compact-sm"
        variant="light"
        loading={linking}
        disabled={disabled}
        onClick={() => onLink(result)}
      >
        {t('stashdbSearch.link')}
      </Button>
    </Group>
  );
}
