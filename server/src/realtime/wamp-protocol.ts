import { randomBytes } from 'node:crypto';
import { WAMP_SUBPROTOCOL } from '@fovea/contract';

/**
 * WAMP v2 basic profile, JSON serialisation: message codes, error URIs, frame builders and a pure parser
 * that turns an incoming text frame into a typed client message (or a reason why it is malformed).
 */

export const WampCode = {
  HELLO: 1,
  WELCOME: 2,
  ABORT: 3,
  CHALLENGE: 4,
  AUTHENTICATE: 5,
  GOODBYE: 6,
  ERROR: 8,
  PUBLISH: 16,
  PUBLISHED: 17,
  SUBSCRIBE: 32,
  SUBSCRIBED: 33,
  UNSUBSCRIBE: 34,
  UNSUBSCRIBED: 35,
  EVENT: 36,
  CALL: 48,
  CANCEL: 49,
  RESULT: 50,
  REGISTER: 64,
  REGISTERED: 65,
  UNREGISTER: 66,
  UNREGISTERED: 67,
  INVOCATION: 68,
  INTERRUPT: 69,
  YIELD: 70,
} as const;
export type WampCode = (typeof WampCode)[keyof typeof WampCode];

export const WampUri = {
  protocolViolation: 'wamp.error.protocol_violation',
  noSuchRealm: 'wamp.error.no_such_realm',
  invalidUri: 'wamp.error.invalid_uri',
  invalidArgument: 'wamp.error.invalid_argument',
  noSuchSubscription: 'wamp.error.no_such_subscription',
  noSuchProcedure: 'wamp.error.no_such_procedure',
  noSuchRegistration: 'wamp.error.no_such_registration',
  notAuthorized: 'wamp.error.not_authorized',
  goodbyeAndOut: 'wamp.close.goodbye_and_out',
  systemShutdown: 'wamp.close.system_shutdown',
} as const;

/** Largest WAMP id (2^53); ids are integers in [1, 2^53]. */
export const MAX_WAMP_ID = 2 ** 53;

export type WampDict = Record<string, unknown>;
export type WampList = unknown[];

/** Messages a client (publisher / subscriber / caller / callee) may send to a router. */
export type WampClientMessage =
  | { type: 'hello'; realm: string; details: WampDict }
  | { type: 'authenticate'; signature: string; extra: WampDict }
  | { type: 'abort'; details: WampDict; reason: string }
  | { type: 'goodbye'; details: WampDict; reason: string }
  | {
      type: 'error';
      requestType: number;
      requestId: number;
      details: WampDict;
      error: string;
      args?: WampList;
      kwargs?: WampDict;
    }
  | {
      type: 'publish';
      requestId: number;
      options: WampDict;
      topic: string;
      args?: WampList;
      kwargs?: WampDict;
    }
  | { type: 'subscribe'; requestId: number; options: WampDict; topic: string }
  | { type: 'unsubscribe'; requestId: number; subscriptionId: number }
  | {
      type: 'call';
      requestId: number;
      options: WampDict;
      procedure: string;
      args?: WampList;
      kwargs?: WampDict;
    }
  | { type: 'cancel'; requestId: number; options: WampDict }
  | { type: 'register'; requestId: number; options: WampDict; procedure: string }
  | { type: 'unregister'; requestId: number; registrationId: number }
  | { type: 'yield'; requestId: number; options: WampDict; args?: WampList; kwargs?: WampDict };

export type WampParseResult = { ok: true; message: WampClientMessage } | { ok: false; reason: string };

export function isWampDict(value: unknown): value is WampDict {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isWampId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_WAMP_ID;
}

const LOOSE_URI = /^([^\s.#]+\.)*([^\s.#]+)$/;

/** Loose WAMP URI rule (allows upper case, e.g. state.change.optionsStorage). */
export function isValidUri(uri: string): boolean {
  return LOOSE_URI.test(uri);
}

/** A random id in [1, 2^53], as the spec asks for session and publication ids. */
export function randomWampId(): number {
  const bits = randomBytes(8).readBigUInt64BE() & ((1n << 53n) - 1n);
  return Number(bits) + 1;
}

/** ws `handleProtocols`: select wamp.2.json when offered, otherwise select none. */
export function selectSubprotocol(protocols: Set<string>): string | false {
  return protocols.has(WAMP_SUBPROTOCOL) ? WAMP_SUBPROTOCOL : false;
}

type Fail = { ok: false; reason: string };
const fail = (reason: string): Fail => ({ ok: false, reason });

function checkArity(frame: unknown[], min: number, max: number, name: string): Fail | null {
  if (frame.length < min || frame.length > max) {
    const expected = min === max ? `${min}` : `${min}-${max}`;
    return fail(`${name} must have ${expected} elements, got ${frame.length}`);
  }
  return null;
}

/** Optional trailing Arguments|list and ArgumentsKw|dict starting at `index`. */
function parsePayload(
  frame: unknown[],
  index: number,
  name: string,
): { ok: true; args?: WampList; kwargs?: WampDict } | Fail {
  const args = frame[index];
  const kwargs = frame[index + 1];
  if (frame.length > index && !Array.isArray(args)) return fail(`${name} arguments must be a list`);
  if (frame.length > index + 1 && !isWampDict(kwargs))
    return fail(`${name} keyword arguments must be a dict`);
  return {
    ok: true,
    ...(Array.isArray(args) ? { args } : {}),
    ...(isWampDict(kwargs) ? { kwargs } : {}),
  };
}

/** The [code, requestId, options|dict, uri|string] prefix shared by PUBLISH, SUBSCRIBE, CALL and REGISTER. */
function parseRequestWithUri(
  frame: unknown[],
  name: string,
): { ok: true; requestId: number; options: WampDict; uri: string } | Fail {
  const [, requestId, options, uri] = frame;
  if (!isWampId(requestId)) return fail(`${name} request id must be an integer in [1, 2^53]`);
  if (!isWampDict(options)) return fail(`${name} options must be a dict`);
  if (typeof uri !== 'string') return fail(`${name} URI must be a string`);
  return { ok: true, requestId, options, uri };
}

function parseDictAndString(frame: unknown[], name: string): { dict: WampDict; text: string } | Fail {
  const arity = checkArity(frame, 3, 3, name);
  if (arity) return arity;
  const [, first, second] = frame;
  if (name === 'AUTHENTICATE') {
    if (typeof first !== 'string' || !isWampDict(second))
      return fail('AUTHENTICATE is [5, signature, extra]');
    return { dict: second, text: first };
  }
  if (!isWampDict(first)) return fail(`${name} details must be a dict`);
  if (typeof second !== 'string') return fail(`${name} reason must be a string`);
  return { dict: first, text: second };
}

/** Validate a decoded JSON value as a client-to-router WAMP message. Never throws. */
export function parseWampFrame(frame: unknown): WampParseResult {
  if (!Array.isArray(frame)) return fail('a WAMP message must be a JSON array');
  const code: unknown = frame[0];
  if (typeof code !== 'number' || !Number.isInteger(code)) return fail('message type must be an integer');

  switch (code) {
    case WampCode.HELLO: {
      const arity = checkArity(frame, 3, 3, 'HELLO');
      if (arity) return arity;
      const [, realm, details] = frame;
      if (typeof realm !== 'string') return fail('HELLO realm must be a string');
      if (!isWampDict(details)) return fail('HELLO details must be a dict');
      return { ok: true, message: { type: 'hello', realm, details } };
    }
    case WampCode.AUTHENTICATE: {
      const parsed = parseDictAndString(frame, 'AUTHENTICATE');
      if ('ok' in parsed) return parsed;
      return { ok: true, message: { type: 'authenticate', signature: parsed.text, extra: parsed.dict } };
    }
    case WampCode.ABORT:
    case WampCode.GOODBYE: {
      const type = code === WampCode.ABORT ? 'abort' : 'goodbye';
      const parsed = parseDictAndString(frame, type.toUpperCase());
      if ('ok' in parsed) return parsed;
      return { ok: true, message: { type, details: parsed.dict, reason: parsed.text } };
    }
    case WampCode.ERROR: {
      const arity = checkArity(frame, 5, 7, 'ERROR');
      if (arity) return arity;
      const [, requestType, requestId, details, error] = frame;
      if (typeof requestType !== 'number' || !Number.isInteger(requestType)) {
        return fail('ERROR request type must be an integer');
      }
      if (!isWampId(requestId)) return fail('ERROR request id must be an integer in [1, 2^53]');
      if (!isWampDict(details)) return fail('ERROR details must be a dict');
      if (typeof error !== 'string') return fail('ERROR URI must be a string');
      const payload = parsePayload(frame, 5, 'ERROR');
      if (!payload.ok) return payload;
      const { ok: _ok, ...rest } = payload;
      return { ok: true, message: { type: 'error', requestType, requestId, details, error, ...rest } };
    }
    case WampCode.PUBLISH:
    case WampCode.CALL: {
      const name = code === WampCode.PUBLISH ? 'PUBLISH' : 'CALL';
      const arity = checkArity(frame, 4, 6, name);
      if (arity) return arity;
      const head = parseRequestWithUri(frame, name);
      if (!head.ok) return head;
      const payload = parsePayload(frame, 4, name);
      if (!payload.ok) return payload;
      const { ok: _ok, ...rest } = payload;
      const { requestId, options, uri } = head;
      return code === WampCode.PUBLISH
        ? { ok: true, message: { type: 'publish', requestId, options, topic: uri, ...rest } }
        : { ok: true, message: { type: 'call', requestId, options, procedure: uri, ...rest } };
    }
    case WampCode.SUBSCRIBE:
    case WampCode.REGISTER: {
      const name = code === WampCode.SUBSCRIBE ? 'SUBSCRIBE' : 'REGISTER';
      const arity = checkArity(frame, 4, 4, name);
      if (arity) return arity;
      const head = parseRequestWithUri(frame, name);
      if (!head.ok) return head;
      const { requestId, options, uri } = head;
      return code === WampCode.SUBSCRIBE
        ? { ok: true, message: { type: 'subscribe', requestId, options, topic: uri } }
        : { ok: true, message: { type: 'register', requestId, options, procedure: uri } };
    }
    case WampCode.UNSUBSCRIBE:
    case WampCode.UNREGISTER: {
      const name = code === WampCode.UNSUBSCRIBE ? 'UNSUBSCRIBE' : 'UNREGISTER';
      const arity = checkArity(frame, 3, 3, name);
      if (arity) return arity;
      const [, requestId, id] = frame;
      if (!isWampId(requestId)) return fail(`${name} request id must be an integer in [1, 2^53]`);
      if (!isWampId(id)) return fail(`${name} id must be an integer in [1, 2^53]`);
      return code === WampCode.UNSUBSCRIBE
        ? { ok: true, message: { type: 'unsubscribe', requestId, subscriptionId: id } }
        : { ok: true, message: { type: 'unregister', requestId, registrationId: id } };
    }
    case WampCode.CANCEL: {
      const arity = checkArity(frame, 3, 3, 'CANCEL');
      if (arity) return arity;
      const [, requestId, options] = frame;
      if (!isWampId(requestId)) return fail('CANCEL request id must be an integer in [1, 2^53]');
      if (!isWampDict(options)) return fail('CANCEL options must be a dict');
      return { ok: true, message: { type: 'cancel', requestId, options } };
    }
    case WampCode.YIELD: {
      const arity = checkArity(frame, 3, 5, 'YIELD');
      if (arity) return arity;
      const [, requestId, options] = frame;
      if (!isWampId(requestId)) return fail('YIELD request id must be an integer in [1, 2^53]');
      if (!isWampDict(options)) return fail('YIELD options must be a dict');
      const payload = parsePayload(frame, 3, 'YIELD');
      if (!payload.ok) return payload;
      const { ok: _ok, ...rest } = payload;
      return { ok: true, message: { type: 'yield', requestId, options, ...rest } };
    }
    default:
      return fail(`message type ${code} is not accepted from a client`);
  }
}

/** Decode a text frame (JSON) and validate it. Never throws. */
export function parseWampMessage(text: string): WampParseResult {
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return fail('message is not valid JSON');
  }
  return parseWampFrame(frame);
}

/**
 * The router's answer to a dealer-role message (this router offers no dealer): ERROR for CALL, REGISTER and
 * UNREGISTER; null (ignore) for CANCEL, YIELD and ERROR, which only refer to calls it never routed.
 */
export function dealerReply(message: WampClientMessage): unknown[] | null {
  switch (message.type) {
    case 'call':
      return wampFrame.error(WampCode.CALL, message.requestId, WampUri.noSuchProcedure);
    case 'register':
      return wampFrame.error(WampCode.REGISTER, message.requestId, WampUri.notAuthorized);
    case 'unregister':
      return wampFrame.error(WampCode.UNREGISTER, message.requestId, WampUri.noSuchRegistration);
    default:
      return null;
  }
}

/** Router-to-client frames (arrays; the broker serialises them with JSON.stringify). */
export const wampFrame = {
  welcome: (sessionId: number, details: WampDict): unknown[] => [WampCode.WELCOME, sessionId, details],
  abort: (reason: string, message?: string): unknown[] => [
    WampCode.ABORT,
    message === undefined ? {} : { message },
    reason,
  ],
  goodbye: (reason: string): unknown[] => [WampCode.GOODBYE, {}, reason],
  error: (requestType: number, requestId: number, uri: string): unknown[] => [
    WampCode.ERROR,
    requestType,
    requestId,
    {},
    uri,
  ],
  subscribed: (requestId: number, subscriptionId: number): unknown[] => [
    WampCode.SUBSCRIBED,
    requestId,
    subscriptionId,
  ],
  unsubscribed: (requestId: number): unknown[] => [WampCode.UNSUBSCRIBED, requestId],
  published: (requestId: number, publicationId: number): unknown[] => [
    WampCode.PUBLISHED,
    requestId,
    publicationId,
  ],
  /** EVENT; args and kwargs elements are omitted when absent (args becomes [] when only kwargs is given). */
  event: (subscriptionId: number, publicationId: number, args?: WampList, kwargs?: WampDict): unknown[] => {
    const frame: unknown[] = [WampCode.EVENT, subscriptionId, publicationId, {}];
    if (kwargs !== undefined) frame.push(args ?? [], kwargs);
    else if (args !== undefined) frame.push(args);
    return frame;
  },
};
