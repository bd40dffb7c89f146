import { load, type CheerioAPI } from 'cheerio';
import { z } from 'zod';

/** The checked strings definitions are made of: text, regular expressions and CSS selectors. */

export const Text = z.string().min(1).max(2000);
export const Regex = z
  .string()
  .min(1)
  .max(1000)
  .refine(
    (source) => {
      try {
        new RegExp(source);
        return true;
      } catch {
        return false;
      }
    },
    { message: 'not a valid regular expression' },
  );

let selectorProbe: CheerioAPI | null = null;

/** True when cheerio can compile the selector (checked on a tiny document, so load time catches typos). */
function validSelector(selector: string): boolean {
  selectorProbe ??= load('<p></p>');
  try {
    selectorProbe(selector);
    return true;
  } catch {
    return false;
  }
}

export const Selector = z
  .string()
  .min(1)
  .max(2000)
  .refine(validSelector, { message: 'not a valid CSS selector' });
