/*
 * Paging of the actor list (library-spec §2): pages of 18, 10 or 8 actors by card size, numbered from 1. The
 * offset is not part of the route; it always sits on a page boundary.
 */

/** How many pages `total` actors fill (at least one, so an empty list still shows "page 1 of 1"). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The 1-based page an offset is on. */
export function pageOfOffset(offset: number, pageSize: number): number {
  return Math.floor(Math.max(0, offset) / pageSize) + 1;
}

/** The offset of a 1-based page, clamped to the pages there are (unknown total: only the lower bound). */
export function offsetOfPage(page: number, pageSize: number, total: number | undefined): number {
  const last = total === undefined ? Number.MAX_SAFE_INTEGER : pageCount(total, pageSize);
  const clamped = Math.min(last, Math.max(1, Math.trunc(page)));
  return (clamped - 1) * pageSize;
}

/**
 * The offset on the page boundary at or before `offset`, for this page size: after a card-size change the
 * first actor shown before stays on the page shown. With a known total, never past the last page.
 */
export function alignOffset(offset: number, pageSize: number, total?: number): number {
  const aligned = Math.floor(Math.max(0, offset) / pageSize) * pageSize;
  if (total === undefined) return aligned;
  return Math.min(aligned, (pageCount(total, pageSize) - 1) * pageSize);
}

/** The offset one page on (`step` 1) or back (-1), wrapping from the last page to the first and back. */
export function stepOffset(offset: number, step: 1 | -1, pageSize: number, total: number): number {
  const pages = pageCount(total, pageSize);
  const page = pageOfOffset(offset, pageSize);
  const next = ((page - 1 + step + pages) % pages) + 1;
  return (next - 1) * pageSize;
}

/**
 * The page a typed page number asks for: a whole number clamped to 1..pages, or null when the text is not a
 * number (nothing to do).
 */
export function typedPage(text: string, pages: number): number | null {
  const trimmed = text.trim();
  if (!/^-?\d+$/.test(trimmed)) return null;
  return Math.min(pages, Math.max(1, Number(trimmed)));
}
