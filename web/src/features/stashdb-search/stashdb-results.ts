import type { StashdbSceneResult } from '@fovea/contract';

/** The results best first (highest Weight); equal weights keep the server's order. Null gives none. */
export function sortByWeight(
  results: readonly StashdbSceneResult[] | null | undefined,
): StashdbSceneResult[] {
  return [...(results ?? [])].sort((a, b) => b.Weight - a.Weight);
}

/** Studio, date and duration of a result, the empty ones left out, joined with " · ". */
export function resultFacts(result: StashdbSceneResult): string {
  return [result.Studio, result.Date, result.Duration].filter((part) => part.trim() !== '').join(' · ');
}

/** The performers' names, comma separated ('' for none). */
export function performerNames(result: StashdbSceneResult): string {
  return (result.Performers ?? [])
    .map((performer) => performer.Name)
    .filter((name) => name.trim() !== '')
    .join(', ');
}
