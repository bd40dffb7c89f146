import { Anchor, Badge, Box, Button, Group, Image } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { proxiedImage } from '../../components/proxied-image';

/** Both result kinds fetch their pictures 120 px wide (sharp on dense screens for the 80 px performer box). */
const PROXY_SIZE = '120x';

interface ResultThumbProps {
  url: string;
  width: number;
  height: number;
  /** The picture's test id; the blank box's when given. */
  testId: string;
  blankTestId?: string;
}

/** A result's picture through the image proxy; none, or one that fails to load, leaves a blank box. */
export function ResultThumb({ url, width, height, testId, blankTestId }: ResultThumbProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (url === '' || failedUrl === url) {
    return (
      <Box
        w={width}
        h={height}
        bg="var(--mantine-color-default-hover)"
        style={{ borderRadius: 4, flexShrink: 0 }}
        data-testid={blankTestId}
      />
    );
  }
  return (
    <Image
      src={proxiedImage(url, PROXY_SIZE)}
      alt=""
      w={width}
      h={height}
      fit="cover"
      radius={4}
      loading="lazy"
      style={{ flexShrink: 0 }}
      data-testid={testId}
      onError={() => setFailedUrl(url)}
    />
  );
}

/** The result's name or title, opening it on StashDB in a new window. */
export function ResultTitleLink(props: { href: string; hint: string; testId: string; children: ReactNode }) {
  return (
    <Anchor
      href={props.href}
      target="_blank"
      rel="noreferrer"
      fw={600}
      fz="sm"
      title={props.hint}
      data-testid={props.testId}
    >
      <Group gap={4} component="span" wrap="nowrap">
        {props.children}
        <IconExternalLink size={14} />
      </Group>
    </Anchor>
  );
}

/** The result's score. */
export function ResultScore({ text, testId }: { text: string; testId: string }) {
  return (
    <Badge variant="light" color="gray" style={{ flexShrink: 0 }} data-testid={testId}>
      {text}
    </Badge>
  );
}

/** Link: ties the scene or actor to this result. */
export function ResultLinkButton(props: {
  label: string;
  linking: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      size="compact-sm"
      variant="light"
      loading={props.linking}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.label}
    </Button>
  );
}
