import { Box, Text } from '@mantine/core';

/** The active subtitle cue over the VR canvas, centred low, as the browser draws it in the flat view. */
export function SubtitleOverlay({ text }: { text: string }) {
  return (
    <Box
      pos="absolute"
      left={0}
      right={0}
      bottom="8%"
      px="md"
      ta="center"
      style={{ pointerEvents: 'none' }}
      data-testid="player-subtitle-cue"
    >
      <Text
        component="span"
        c="white"
        fz="lg"
        px={8}
        py={2}
        style={{ whiteSpace: 'pre-line', background: 'rgba(0, 0, 0, 0.7)', borderRadius: 4 }}
      >
        {text}
      </Text>
    </Box>
  );
}
