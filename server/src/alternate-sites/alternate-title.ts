/**
 * The exact-title key of the first linking step (xbvr-facts §7.5): " and " and "+" read as "&", then the
 * characters ' - : ! ? " / . , @ ( ) – and spaces dropped; compared ignoring case. "Sun and Fun: Part 2" and
 * "Sun & Fun - Part 2" share a key. Pure.
 */
export function titleKey(title: string): string {
  return title
    .toLowerCase()
    .replaceAll(' and ', '&')
    .replaceAll('+', '&')
    .replace(/['\-:!?"/.,@()–\s]/g, '');
}
