import { randomWampId } from './wamp-protocol';

export interface WampSubscription<S> {
  readonly id: number;
  readonly topic: string;
  readonly sessions: ReadonlySet<S>;
}

interface Entry<S> {
  readonly id: number;
  readonly topic: string;
  readonly sessions: Set<S>;
}

/**
 * Exact-match subscriptions: one subscription id per topic, shared by every session subscribed to it, dropped
 * when its last session leaves.
 */
export class WampSubscriptionRegistry<S> {
  private readonly byTopic = new Map<string, Entry<S>>();
  private readonly byId = new Map<number, Entry<S>>();
  private readonly bySession = new Map<S, Set<number>>();

  /** Subscribe `session` to `topic`; returns the topic's subscription id (the same one when repeated). */
  subscribe(session: S, topic: string): number {
    let entry = this.byTopic.get(topic);
    if (!entry) {
      let id = randomWampId();
      while (this.byId.has(id)) id = randomWampId();
      entry = { id, topic, sessions: new Set() };
      this.byTopic.set(topic, entry);
      this.byId.set(id, entry);
    }
    entry.sessions.add(session);
    let ids = this.bySession.get(session);
    if (!ids) {
      ids = new Set();
      this.bySession.set(session, ids);
    }
    ids.add(entry.id);
    return entry.id;
  }

  /** False when `session` holds no subscription `subscriptionId`. */
  unsubscribe(session: S, subscriptionId: number): boolean {
    const entry = this.byId.get(subscriptionId);
    if (!entry || !entry.sessions.has(session)) return false;
    this.remove(entry, session);
    return true;
  }

  /** Drop every subscription of `session`. */
  removeSession(session: S): void {
    for (const id of this.bySession.get(session) ?? []) {
      const entry = this.byId.get(id);
      if (entry) this.remove(entry, session);
    }
    this.bySession.delete(session);
  }

  get(topic: string): WampSubscription<S> | undefined {
    return this.byTopic.get(topic);
  }

  count(topic: string): number {
    return this.byTopic.get(topic)?.sessions.size ?? 0;
  }

  private remove(entry: Entry<S>, session: S): void {
    entry.sessions.delete(session);
    const ids = this.bySession.get(session);
    ids?.delete(entry.id);
    if (ids?.size === 0) this.bySession.delete(session);
    if (entry.sessions.size === 0) {
      this.byTopic.delete(entry.topic);
      this.byId.delete(entry.id);
    }
  }
}
