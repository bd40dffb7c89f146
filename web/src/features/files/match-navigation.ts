import { MATCH_RESULTS_PAGE_SIZE } from '@fovea/contract';
import type { File } from '@fovea/contract';
import { insertSearchHelper } from '../quick-find/search-prefix';
import type { SearchHelper, TextEdit } from '../quick-find/search-prefix';

/**
 * The file `step` places away (-1 previous, +1 next) in the list the table shows, wrapping at both ends.
 * null when there is nothing to move to: one file or none, or the current file is not in the list.
 */
export function adjacentFile(files: readonly File[], currentId: number, step: -1 | 1): File | null {
  if (files.length <= 1) return null;
  const index = files.findIndex((file) => file.id === currentId);
  if (index < 0) return null;
  return files[(index + step + files.length) % files.length] ?? null;
}

/** After a file was assigned: the next unmatched file after it (wrapping), or null to close the dialog. */
export function nextUnmatchedFile(files: readonly File[], assignedId: number): File | null {
  const index = files.findIndex((file) => file.id === assignedId);
  for (let offset = 1; offset < files.length; offset++) {
    const file = files[(Math.max(index, 0) + offset) % files.length];
    if (file !== undefined && file.id !== assignedId && file.scene_id === 0) return file;
  }
  return null;
}

/** How many pages of match results there are (at least 1). */
export function resultPageCount(results: number, pageSize = MATCH_RESULTS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(results / pageSize));
}

/** The results page after a Left (-1) or Right (+1) key, kept within the pages (no wrap). */
export function stepResultPage(page: number, step: -1 | 1, pageCount: number): number {
  return Math.min(Math.max(page + step, 0), Math.max(pageCount - 1, 0));
}

/** The duration: term for a file of `minutes` minutes: minus 1 to plus 1, or >=0 when the length is unknown. */
export function durationTerm(minutes: number): string {
  if (minutes <= 0) return 'duration:>=0';
  return `duration:>=${Math.max(0, minutes - 1)} duration:<=${minutes + 1}`;
}

/**
 * A helper button of the match dialog: as in Quick find, except that duration: covers the file's own length
 * (its minutes minus 1 to plus 1), inserted at the end of the selection.
 */
export function insertMatchHelper(
  text: string,
  selectionStart: number,
  selectionEnd: number,
  helper: SearchHelper,
  fileMinutes: number,
  today: Date = new Date(),
): TextEdit {
  if (helper !== 'duration' || fileMinutes <= 0) {
    return insertSearchHelper(text, selectionStart, selectionEnd, helper, today);
  }
  const at = Math.min(text.length, Math.max(selectionStart, selectionEnd, 0));
  const term = durationTerm(fileMinutes);
  const before = at > 0 && !/\s/.test(text.charAt(at - 1)) ? ' ' : '';
  const after = at < text.length && !/\s/.test(text.charAt(at)) ? ' ' : '';
  return {
    value: `${text.slice(0, at)}${before}${term}${after}${text.slice(at)}`,
    cursor: at + before.length + term.length,
  };
}
