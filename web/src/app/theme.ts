import { createTheme } from '@mantine/core';
import type { MantineColorsTuple } from '@mantine/core';

/** A calm blue that reads well on dark and light backgrounds. */
const fovea: MantineColorsTuple = [
  '#e7f5ff',
  '#d0ebff',
  '#a5d8ff',
  '#74c0fc',
  '#4dabf7',
  '#339af0',
  '#228be6',
  '#1c7ed6',
  '#1971c2',
  '#1864ab',
];

export const theme = createTheme({
  primaryColor: 'fovea',
  colors: { fovea },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '600' },
  components: {
    Tooltip: { defaultProps: { openDelay: 500, withArrow: true } },
  },
});

export const DEFAULT_COLOR_SCHEME = 'dark';
