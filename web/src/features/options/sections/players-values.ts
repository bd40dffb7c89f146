import type { DeovrOptionsBody, DeovrOptionsFlat, InterfacesOptions } from '@fovea/contract';

/**
 * What the Players section edits: the flat players group without the stored password hash, plus the new
 * password typed (empty = keep the stored one). The hash is never put in a field.
 */
export type PlayersValues = Omit<DeovrOptionsFlat, 'password'> & { newPassword: string };

export function pickPlayersValues(interfaces: InterfacesOptions): PlayersValues {
  const { password: _stored, ...deovr } = interfaces.deovr;
  return { ...deovr, ...interfaces.heresphere, ...interfaces.players, newPassword: '' };
}

/** The PUT body: the 20 keys, with the typed password or, when none was typed, the stored hash sent back. */
export function playersBody(values: PlayersValues, storedPassword: string): DeovrOptionsBody {
  const { newPassword, ...rest } = values;
  return { ...rest, password: newPassword !== '' ? newPassword : storedPassword };
}

export const samePlayersValues = (a: PlayersValues, b: PlayersValues): boolean =>
  (Object.keys(a) as (keyof PlayersValues)[]).every((key) => a[key] === b[key]);

/** What keeps the login from being saved (the server refuses the same): each field that is missing. */
export interface PlayersProblems {
  usernameRequired: boolean;
  passwordRequired: boolean;
}

/** With login on, a username and a password (typed now or stored before) are both required. */
export function playersProblems(values: PlayersValues, storedPassword: string): PlayersProblems {
  return {
    usernameRequired: values.auth_enabled && values.username.trim() === '',
    passwordRequired: values.auth_enabled && values.newPassword === '' && storedPassword === '',
  };
}

export const hasPlayersProblem = (problems: PlayersProblems): boolean =>
  problems.usernameRequired || problems.passwordRequired;

/** The addresses to type into a headset for one bound address ("http://192.168.1.5:9999/"). */
export function playerUrls(address: string): { deovr: string; heresphere: string } {
  const base = address.endsWith('/') ? address : `${address}/`;
  return { deovr: `${base}deovr`, heresphere: `${base}heresphere` };
}
