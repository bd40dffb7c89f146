import type { PreviewOptions, PreviewSettingsBody } from '@fovea/contract';

/** The preview settings the section edits (PUT /api/options/previews; `enabled` is not among them). */
export type PreviewValues = Omit<PreviewSettingsBody, 'enabled'>;

/** Slider ranges of options-spec §9 (the defaults live in DEFAULT_OPTIONS.library.preview). */
export const PREVIEW_SLIDERS = {
  startTime: { min: 5, max: 60, step: 5, precision: 0 },
  snippetLength: { min: 0.2, max: 5, step: 0.2, precision: 1 },
  snippetAmount: { min: 2, max: 40, step: 1, precision: 0 },
  resolution: { min: 300, max: 800, step: 20, precision: 0 },
} as const;
export type PreviewSlider = keyof typeof PREVIEW_SLIDERS;
export const PREVIEW_SLIDER_KEYS = Object.keys(PREVIEW_SLIDERS) as PreviewSlider[];

/** Snaps a value onto its slider (range and step), so 0.6000000001 is sent as 0.6. */
export function snapPreviewValue(key: PreviewSlider, value: number): number {
  const { min, max, step, precision } = PREVIEW_SLIDERS[key];
  const clamped = Math.min(max, Math.max(min, value));
  const snapped = min + Math.round((clamped - min) / step) * step;
  return Number(snapped.toFixed(precision));
}

export function pickPreviewValues(preview: PreviewOptions): PreviewValues {
  return {
    startTime: snapPreviewValue('startTime', preview.startTime),
    snippetLength: snapPreviewValue('snippetLength', preview.snippetLength),
    snippetAmount: snapPreviewValue('snippetAmount', preview.snippetAmount),
    resolution: snapPreviewValue('resolution', preview.resolution),
    extraSnippet: preview.extraSnippet,
  };
}

export const samePreviewValues = (a: PreviewValues, b: PreviewValues): boolean =>
  (Object.keys(a) as (keyof PreviewValues)[]).every((key) => a[key] === b[key]);
