import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconRotate } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { StarRating } from '../StarRating';

interface RatingWithResetProps {
  value: number;
  onRate: (rating: number) => void;
  label: string;
  resetLabel: string;
  resetHint: string;
  /** Shown before the stars (a caption). */
  caption?: ReactNode;
}

/** Half-star rating with a reset button (rating 0) beside it. */
export function RatingWithReset({
  value,
  onRate,
  label,
  resetLabel,
  resetHint,
  caption,
}: RatingWithResetProps) {
  return (
    <Group gap={6} wrap="nowrap">
      {caption}
      <StarRating value={value} onChange={onRate} size="md" label={label} />
      <Tooltip label={resetHint}>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={resetLabel} onClick={() => onRate(0)}>
          <IconRotate size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
