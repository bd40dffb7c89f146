import type { StashdbPerformerResult } from '@fovea/contract';

/** The results best first (highest Weight); equal weights keep the server's order. Null gives none. */
export function sortPerformersByWeight(
  results: readonly StashdbPerformerResult[] | null | undefined,
): StashdbPerformerResult[] {
  return [...(results ?? [])].sort((a, b) => b.Weight - a.Weight);
}

/** The first picture of a result ('' for none) and how many more there are. */
export function performerImages(result: StashdbPerformerResult): { first: string; more: number } {
  const images = (result.ImageUrl ?? []).filter((url) => url.trim() !== '');
  return { first: images[0] ?? '', more: Math.max(0, images.length - 1) };
}

/** The aliases of a result, the ones matching the actor first (each group in the server's order). */
export function orderedAliases(result: StashdbPerformerResult): { Alias: string; Matched: boolean }[] {
  const aliases = (result.Aliases ?? []).filter((alias) => alias.Alias.trim() !== '');
  return [...aliases.filter((alias) => alias.Matched), ...aliases.filter((alias) => !alias.Matched)];
}

/** The studios of a result, the ones the actor's scenes come from first, then by scene count. */
export function orderedStudios(
  result: StashdbPerformerResult,
): NonNullable<StashdbPerformerResult['Studios']> {
  return [...(result.Studios ?? [])].sort(
    (a, b) => Number(b.Matched) - Number(a.Matched) || b.SceneCount - a.SceneCount,
  );
}
