/** Whether If-None-Match names this ETag (weak or strong, in a list, or `*`); compared by the weak rule. */
export function ifNoneMatchHas(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const wanted = etag.replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === wanted);
}
