/*
 * Regular expressions of the reference's rule sets are Go (RE2) syntax; JavaScript reads nearly all of it. The
 * differences handled: a leading flag group `(?s)`, `(?i)`, `(?m)` becomes JavaScript flags, and Go's
 * replacement templates (`$0`, `${1}`) become JavaScript's (`$&`, `$1`).
 */

const cache = new Map<string, RegExp>();

/** The Go pattern as a JavaScript RegExp (extra flags added, e.g. 'g'); throws SyntaxError when invalid. */
export function goRegex(pattern: string, extraFlags = ''): RegExp {
  const key = `${extraFlags}/${pattern}`;
  const cached = cache.get(key);
  if (cached) return new RegExp(cached.source, cached.flags);
  let source = pattern;
  let flags = extraFlags;
  const lead = /^\(\?([ims]+)\)/.exec(source);
  if (lead) {
    source = source.slice(lead[0].length);
    for (const flag of lead[1] ?? '') if (!flags.includes(flag)) flags += flag;
  }
  const regex = new RegExp(source, flags);
  if (cache.size < 500) cache.set(key, regex);
  return new RegExp(regex.source, regex.flags);
}

/** A Go `ReplaceAllString` template as a JavaScript replacement string. */
export function goReplacement(template: string): string {
  return template.replace(/\$(\$|\{(\w+)\}|(\d+))/g, (all, _x: string, braced?: string, bare?: string) => {
    if (all === '$$') return '$$';
    const name = braced ?? bare ?? '';
    if (name === '0') return '$&';
    return /^\d+$/.test(name) ? `$${name}` : `$<${name}>`;
  });
}
