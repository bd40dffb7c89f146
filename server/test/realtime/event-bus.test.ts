import { describe, expect, it } from 'vitest';
import { EventBus } from '../../src/realtime/event-bus';
import type { RealtimeEvent } from '../../src/realtime/event-bus';

function fakeBroker(): {
  calls: [string, Record<string, unknown> | undefined][];
  publish: EventBus['publish'];
} {
  const calls: [string, Record<string, unknown> | undefined][] = [];
  return {
    calls,
    publish: ((topic: string, kwargs?: Record<string, unknown>) => {
      calls.push([topic, kwargs]);
    }) as EventBus['publish'],
  };
}

describe('EventBus', () => {
  it('publishes kwargs per topic, and none for state.change.optionsStorage', () => {
    const broker = fakeBroker();
    const bus = new EventBus(broker);
    bus.publish('lock.change', { name: 'scrape', locked: true });
    bus.publish('state.change.optionsStorage', {});
    bus.publish('remote.state', { connected: false });
    expect(broker.calls).toEqual([
      ['lock.change', { name: 'scrape', locked: true }],
      ['state.change.optionsStorage', undefined],
      ['remote.state', { connected: false }],
    ]);
  });

  it('feeds in-process listeners, isolates a failing one, and unsubscribes', () => {
    const warnings: string[] = [];
    const bus = new EventBus(fakeBroker(), { warn: (_obj, msg) => warnings.push(msg) });
    const seen: RealtimeEvent[] = [];
    bus.subscribe(() => {
      throw new Error('listener bug');
    });
    const off = bus.subscribe((event) => seen.push(event));
    bus.publish('options.previews.previewReady', { previewFn: 'abc' });
    off();
    bus.publish('options.previews.previewReady', { previewFn: 'def' });
    expect(seen).toEqual([{ topic: 'options.previews.previewReady', payload: { previewFn: 'abc' } }]);
    expect(warnings).toEqual(['realtime listener failed', 'realtime listener failed']);
  });

  it('never throws when the broker does', () => {
    const warnings: string[] = [];
    const bus = new EventBus(
      {
        publish: () => {
          throw new Error('boom');
        },
      },
      { warn: (_obj, msg) => warnings.push(msg) },
    );
    expect(() => bus.publish('lock.change', { name: 'index', locked: false })).not.toThrow();
    expect(warnings).toEqual(['realtime publish failed']);
  });
});
