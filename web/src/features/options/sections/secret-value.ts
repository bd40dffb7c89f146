import { SECRET_SET } from '@fovea/contract';

/*
 * A secret option as the forms hold it: the value they send. The server answers SECRET_SET ("set") for a
 * stored secret and '' for none, and takes SECRET_SET back as "keep the stored one", '' as "none" and anything
 * else as a new value. So a form that saves what it read never overwrites a secret.
 */

export type SecretStatus = 'set' | 'notSet' | 'willClear' | 'willReplace';

/** What saving this value does, for the badge beside the field. */
export function secretStatus(value: string, stored: boolean): SecretStatus {
  if (value === SECRET_SET) return stored ? 'set' : 'notSet';
  if (value === '') return stored ? 'willClear' : 'notSet';
  return 'willReplace';
}

/** The text typed into the field: the stand-in is never shown as if it were the value. */
export const typedSecret = (value: string): string => (value === SECRET_SET ? '' : value);

/** A field emptied by hand over a stored secret goes back to keeping it (clearing is its own action). */
export const secretFromTyped = (typed: string, stored: boolean): string =>
  typed === '' && stored ? SECRET_SET : typed;

/** Whether a secret will be stored after saving. */
export const secretPresent = (value: string, stored: boolean): boolean =>
  value === SECRET_SET ? stored : value !== '';
