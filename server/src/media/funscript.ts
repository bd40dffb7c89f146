/** One stroke point: `at` in milliseconds, `pos` 0..100. */
export interface FunscriptAction {
  at: number;
  pos: number;
}

/** The readable parts of a funscript; junk fields are dropped. */
export interface ParsedFunscript {
  /** Valid actions sorted by `at`, negative times clamped to 0. */
  actions: FunscriptAction[];
  /** `metadata.duration` in seconds (values over 50000 are taken as ms), 0 when absent. */
  metadataDuration: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function finite(value: unknown): number | null {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  return Number.isFinite(n) ? n : null;
}

/**
 * Parses funscript JSON (`{version, inverted, range, actions:[{at,pos}], metadata:{duration}}`), tolerating
 * junk: actions without a numeric `at` and `pos` are skipped. null when the text is not a JSON object.
 */
export function parseFunscript(text: string): ParsedFunscript | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  const actions: FunscriptAction[] = [];
  if (Array.isArray(parsed['actions'])) {
    for (const raw of parsed['actions']) {
      if (!isRecord(raw)) continue;
      const at = finite(raw['at']);
      const pos = finite(raw['pos']);
      if (at === null || pos === null) continue;
      actions.push({ at: Math.max(0, at), pos });
    }
  }
  actions.sort((a, b) => a.at - b.at);
  const metadata = isRecord(parsed['metadata']) ? parsed['metadata'] : {};
  let metadataDuration = Math.max(0, finite(metadata['duration']) ?? 0);
  if (metadataDuration > 50_000) metadataDuration /= 1000;
  return { actions, metadataDuration };
}

/** Seconds: the larger of the last action's time and the metadata duration (xbvr-facts §11.2). */
export function scriptDurationSeconds(script: ParsedFunscript): number {
  const last = script.actions.at(-1);
  return Math.max(last ? last.at / 1000 : 0, script.metadataDuration);
}

/** Duration of a funscript in seconds; 0 when the text is unreadable. */
export function funscriptDurationSeconds(text: string): number {
  const script = parseFunscript(text);
  return script ? scriptDurationSeconds(script) : 0;
}
