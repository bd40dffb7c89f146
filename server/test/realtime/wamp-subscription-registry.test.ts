import { describe, expect, it } from 'vitest';
import { WampSubscriptionRegistry } from '../../src/realtime/wamp-subscription-registry';

describe('WampSubscriptionRegistry', () => {
  it('shares one id per topic and forgets a topic when its last session leaves', () => {
    const registry = new WampSubscriptionRegistry<string>();
    const id = registry.subscribe('a', 'lock.change');
    expect(registry.subscribe('b', 'lock.change')).toBe(id);
    expect(registry.subscribe('a', 'lock.change')).toBe(id);
    expect(registry.subscribe('a', 'service.log')).not.toBe(id);
    expect(registry.count('lock.change')).toBe(2);

    expect(registry.unsubscribe('c', id)).toBe(false);
    expect(registry.unsubscribe('a', id)).toBe(true);
    expect(registry.unsubscribe('a', id)).toBe(false);
    expect([...(registry.get('lock.change')?.sessions ?? [])]).toEqual(['b']);

    registry.removeSession('b');
    expect(registry.get('lock.change')).toBeUndefined();
    expect(registry.unsubscribe('b', id)).toBe(false);
    expect(registry.count('service.log')).toBe(1);
    registry.removeSession('a');
    expect(registry.count('service.log')).toBe(0);
    expect(registry.subscribe('a', 'lock.change')).not.toBe(id);
  });
});
