import type { DeovrOptionsBody, DeovrOptionsFlat, InterfacesOptions } from '@fovea/contract';
import { secretPresent } from './secret-value';

/**
 * What the Players section edits: the flat players group. `password` is the value sent: the answers' "set"
 * keeps the stored password, anything typed replaces it (see secret-value.ts); the hash never reaches the UI.
 */
export type PlayersValues = DeovrOptionsFlat;

export function pickPlayersValues(interfaces: InterfacesOptions): PlayersValues {
  return { ...interfaces.deovr, ...interfaces.heresphere, ...interfaces.players };
}

/** The PUT body: the 20 keys. */
export function playersBody(values: PlayersValues): DeovrOptionsBody {
  return { ...values };
}

export const samePlayersValues = (a: PlayersValues, b: PlayersValues): boolean =>
  (Object.keys(a) as (keyof PlayersValues)[]).every((key) => a[key] === b[key]);

/** What keeps the login from being saved (the server refuses the same): each field that is missing. */
export interface PlayersProblems {
  usernameRequired: boolean;
  passwordRequired: boolean;
}

/** With login on, a username and a password (typed now or stored before) are both required. */
export function playersProblems(values: PlayersValues, passwordStored: boolean): PlayersProblems {
  return {
    usernameRequired: values.auth_enabled && values.username.trim() === '',
    passwordRequired: values.auth_enabled && !secretPresent(values.password, passwordStored),
  };
}

export const hasPlayersProblem = (problems: PlayersProblems): boolean =>
  problems.usernameRequired || problems.passwordRequired;

/** The addresses to type into a headset for one bound address ("http://192.168.1.5:9999/"). */
export function playerUrls(address: string): { deovr: string; heresphere: string } {
  const base = address.endsWith('/') ? address : `${address}/`;
  return { deovr: `${base}deovr`, heresphere: `${base}heresphere` };
}
