import { describe, expect, it } from 'vitest';
import {
  MAX_WAMP_ID,
  WampCode,
  isValidUri,
  isWampId,
  parseWampFrame,
  parseWampMessage,
  randomWampId,
  selectSubprotocol,
  wampFrame,
} from '../../src/realtime/wamp-protocol';

describe('parseWampMessage: valid client messages', () => {
  it.each([
    [
      'HELLO',
      [1, 'default', { roles: { subscriber: {} } }],
      { type: 'hello', realm: 'default', details: { roles: { subscriber: {} } } },
    ],
    ['AUTHENTICATE', [5, 'sig', {}], { type: 'authenticate', signature: 'sig', extra: {} }],
    ['ABORT', [3, {}, 'wamp.error.abort'], { type: 'abort', details: {}, reason: 'wamp.error.abort' }],
    [
      'GOODBYE',
      [6, {}, 'wamp.close.close_realm'],
      { type: 'goodbye', details: {}, reason: 'wamp.close.close_realm' },
    ],
    [
      'ERROR',
      [8, 68, 7, {}, 'app.error', [1], { a: 1 }],
      {
        type: 'error',
        requestType: 68,
        requestId: 7,
        details: {},
        error: 'app.error',
        args: [1],
        kwargs: { a: 1 },
      },
    ],
    [
      'PUBLISH bare',
      [16, 1, {}, 'lock.change'],
      { type: 'publish', requestId: 1, options: {}, topic: 'lock.change' },
    ],
    [
      'PUBLISH args',
      [16, 2, { acknowledge: true }, 'a.b', [1, 2]],
      { type: 'publish', requestId: 2, options: { acknowledge: true }, topic: 'a.b', args: [1, 2] },
    ],
    [
      'PUBLISH kwargs',
      [16, 3, {}, 'a.b', [], { x: 1 }],
      { type: 'publish', requestId: 3, options: {}, topic: 'a.b', args: [], kwargs: { x: 1 } },
    ],
    [
      'SUBSCRIBE',
      [32, 4, {}, 'state.change.optionsStorage'],
      { type: 'subscribe', requestId: 4, options: {}, topic: 'state.change.optionsStorage' },
    ],
    ['UNSUBSCRIBE', [34, 5, 9001], { type: 'unsubscribe', requestId: 5, subscriptionId: 9001 }],
    [
      'CALL',
      [48, 6, {}, 'com.x', ['a']],
      { type: 'call', requestId: 6, options: {}, procedure: 'com.x', args: ['a'] },
    ],
    ['CANCEL', [49, 6, { mode: 'kill' }], { type: 'cancel', requestId: 6, options: { mode: 'kill' } }],
    ['REGISTER', [64, 7, {}, 'com.x'], { type: 'register', requestId: 7, options: {}, procedure: 'com.x' }],
    ['UNREGISTER', [66, 8, 12], { type: 'unregister', requestId: 8, registrationId: 12 }],
    [
      'YIELD',
      [70, 9, {}, [], { r: true }],
      { type: 'yield', requestId: 9, options: {}, args: [], kwargs: { r: true } },
    ],
  ])('%s', (_name, frame, expected) => {
    expect(parseWampMessage(JSON.stringify(frame))).toEqual({ ok: true, message: expected });
  });

  it('accepts the largest id, 2^53', () => {
    expect(parseWampFrame([34, MAX_WAMP_ID, MAX_WAMP_ID]).ok).toBe(true);
  });
});

describe('parseWampMessage: malformed input', () => {
  it.each([
    ['not JSON', '{nope'],
    ['empty string', ''],
    ['JSON object', '{"0":1}'],
    ['JSON string', '"hello"'],
    ['JSON null', 'null'],
    ['empty array', '[]'],
    ['string type code', '["1","default",{}]'],
    ['fractional type code', '[1.5,"default",{}]'],
    ['unknown type code', '[999]'],
    ['router-only message WELCOME', '[2,1,{}]'],
    ['router-only message EVENT', '[36,1,2,{}]'],
    ['HELLO missing details', '[1,"default"]'],
    ['HELLO extra element', '[1,"default",{},1]'],
    ['HELLO numeric realm', '[1,7,{}]'],
    ['HELLO details array', '[1,"default",[]]'],
    ['GOODBYE reason not string', '[6,{},1]'],
    ['GOODBYE details null', '[6,null,"wamp.close.close_realm"]'],
    ['ABORT too short', '[3,{}]'],
    ['AUTHENTICATE swapped', '[5,{},"sig"]'],
    ['SUBSCRIBE request id 0', '[32,0,{},"a.b"]'],
    ['SUBSCRIBE request id > 2^53', `[32,${2 ** 54},{},"a.b"]`],
    ['SUBSCRIBE request id negative', '[32,-1,{},"a.b"]'],
    ['SUBSCRIBE request id string', '[32,"1",{},"a.b"]'],
    ['SUBSCRIBE options array', '[32,1,[],"a.b"]'],
    ['SUBSCRIBE topic number', '[32,1,{},5]'],
    ['SUBSCRIBE extra element', '[32,1,{},"a.b",[]]'],
    ['UNSUBSCRIBE fractional id', '[34,1,1.5]'],
    ['UNSUBSCRIBE missing id', '[34,1]'],
    ['PUBLISH args not list', '[16,1,{},"a.b",{"x":1}]'],
    ['PUBLISH kwargs not dict', '[16,1,{},"a.b",[],[]]'],
    ['PUBLISH too long', '[16,1,{},"a.b",[],{},1]'],
    ['PUBLISH too short', '[16,1,{}]'],
    ['CALL procedure null', '[48,1,{},null]'],
    ['REGISTER missing procedure', '[64,1,{}]'],
    ['UNREGISTER id string', '[66,1,"x"]'],
    ['CANCEL options missing', '[49,1]'],
    ['YIELD args not list', '[70,1,{},{}]'],
    ['ERROR request type string', '[8,"48",1,{},"e"]'],
    ['ERROR too short', '[8,48,1,{}]'],
    ['ERROR kwargs not dict', '[8,48,1,{},"e",[],1]'],
  ])('%s', (_name, text) => {
    const result = parseWampMessage(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/\w/);
  });

  it('never throws on odd values', () => {
    for (const value of [undefined, 0, true, Symbol('x'), () => 1, [undefined], [1, undefined, undefined]]) {
      expect(parseWampFrame(value).ok).toBe(false);
    }
  });
});

describe('URI, ids and subprotocol', () => {
  it('validates topics with the loose rule', () => {
    for (const uri of ['lock.change', 'state.change.optionsStorage', 'service.log', 'a', 'com.Foo_bar.x-y']) {
      expect(isValidUri(uri)).toBe(true);
    }
    for (const uri of ['', '.a', 'a.', 'a..b', 'a b', 'a.#', 'tab\tx', 'new\nline']) {
      expect(isValidUri(uri)).toBe(false);
    }
  });

  it('draws random ids in [1, 2^53]', () => {
    for (let i = 0; i < 1000; i += 1) {
      const id = randomWampId();
      expect(isWampId(id)).toBe(true);
    }
    expect(new Set(Array.from({ length: 100 }, () => randomWampId())).size).toBe(100);
  });

  it('selects wamp.2.json only', () => {
    expect(selectSubprotocol(new Set(['wamp.2.msgpack', 'wamp.2.json']))).toBe('wamp.2.json');
    expect(selectSubprotocol(new Set(['wamp.2.msgpack']))).toBe(false);
    expect(selectSubprotocol(new Set())).toBe(false);
  });
});

describe('wampFrame', () => {
  it('builds router frames', () => {
    expect(wampFrame.welcome(5, { roles: {} })).toEqual([2, 5, { roles: {} }]);
    expect(wampFrame.abort('wamp.error.no_such_realm')).toEqual([3, {}, 'wamp.error.no_such_realm']);
    expect(wampFrame.abort('x.y', 'why')).toEqual([3, { message: 'why' }, 'x.y']);
    expect(wampFrame.goodbye('wamp.close.goodbye_and_out')).toEqual([6, {}, 'wamp.close.goodbye_and_out']);
    expect(wampFrame.error(WampCode.CALL, 3, 'wamp.error.no_such_procedure')).toEqual([
      8,
      48,
      3,
      {},
      'wamp.error.no_such_procedure',
    ]);
    expect(wampFrame.subscribed(1, 9)).toEqual([33, 1, 9]);
    expect(wampFrame.unsubscribed(1)).toEqual([35, 1]);
    expect(wampFrame.published(1, 8)).toEqual([17, 1, 8]);
  });

  it('builds EVENT with and without payload', () => {
    expect(wampFrame.event(1, 2)).toEqual([36, 1, 2, {}]);
    expect(wampFrame.event(1, 2, undefined, { a: 1 })).toEqual([36, 1, 2, {}, [], { a: 1 }]);
    expect(wampFrame.event(1, 2, ['x'])).toEqual([36, 1, 2, {}, ['x']]);
    expect(wampFrame.event(1, 2, ['x'], { a: 1 })).toEqual([36, 1, 2, {}, ['x'], { a: 1 }]);
  });
});
