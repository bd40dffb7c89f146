/** Parses "v1.2.3", "1.2", "1.2.3-beta.1" into numeric parts and a pre-release tag. */
function parse(version: string): { parts: number[]; pre: string } | null {
  const match = /^v?(\d+(?:\.\d+)*)(?:-([0-9A-Za-z.-]+))?(?:\+.*)?$/.exec(version.trim());
  if (!match?.[1]) return null;
  return { parts: match[1].split('.').map(Number), pre: match[2] ?? '' };
}

/** -1, 0 or 1 as a is older than, the same as, or newer than b; null when either is not a version. */
export function compareVersions(a: string, b: string): number | null {
  const left = parse(a);
  const right = parse(b);
  if (!left || !right) return null;
  const length = Math.max(left.parts.length, right.parts.length);
  for (let i = 0; i < length; i++) {
    const diff = (left.parts[i] ?? 0) - (right.parts[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  if (left.pre === right.pre) return 0;
  if (left.pre === '') return 1;
  if (right.pre === '') return -1;
  return left.pre < right.pre ? -1 : 1;
}
