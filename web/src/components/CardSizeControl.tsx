import { Box, SegmentedControl, Tooltip } from '@mantine/core';
import { CARD_SIZES, TOOLTIP_DELAY_MS } from '@fovea/contract';
import type { CardSize } from '@fovea/contract';
import { useTranslation } from 'react-i18next';

interface CardSizeControlProps {
  /** The screen whose texts label it (`<screen>.cardSize`, `<screen>.cardSizeShort.<size>`). */
  screen: 'scenes' | 'actors';
  value: CardSize;
  onChange(size: CardSize): void;
}

/** The S/M/L switch of a card grid's header (scenes and actors). */
export function CardSizeControl({ screen, value, onChange }: CardSizeControlProps) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t(`${screen}.cardSize`)} openDelay={TOOLTIP_DELAY_MS}>
      <Box>
        <SegmentedControl
          size="xs"
          aria-label={t(`${screen}.cardSize`)}
          data-testid="card-size"
          value={value}
          onChange={(picked) => {
            const next = CARD_SIZES.find((size) => size === picked);
            if (next !== undefined) onChange(next);
          }}
          data={CARD_SIZES.map((size) => ({ value: size, label: t(`${screen}.cardSizeShort.${size}`) }))}
        />
      </Box>
    </Tooltip>
  );
}
