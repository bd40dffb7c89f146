import type { WsPayload, WsTopic } from '@fovea/contract';
import type { WampBrokerLogger } from './wamp-broker';

/** What the bus needs from the broker (WampBroker satisfies it; tests may pass a fake). */
export interface RealtimePublisher {
  publish(topic: string, kwargs?: Record<string, unknown>): unknown;
}

/** One published event, discriminated by topic. */
export type RealtimeEvent = { [T in WsTopic]: { topic: T; payload: WsPayload<T> } }[WsTopic];
export type RealtimeListener = (event: RealtimeEvent) => void;

/** Topics whose EVENT carries no kwargs element (XBVR publishes a nil map for them). */
const TOPICS_WITHOUT_KWARGS: ReadonlySet<WsTopic> = new Set<WsTopic>(['state.change.optionsStorage']);

/**
 * Typed publisher over the WAMP broker using the contract's topic map, plus an in-process tap so server code
 * and tests can observe what was published without a socket.
 */
export class EventBus {
  private readonly listeners = new Set<RealtimeListener>();

  constructor(
    private readonly broker: RealtimePublisher,
    private readonly logger?: WampBrokerLogger,
  ) {}

  publish<T extends WsTopic>(topic: T, payload: WsPayload<T>): void {
    const kwargs = TOPICS_WITHOUT_KWARGS.has(topic) ? undefined : (payload as Record<string, unknown>);
    try {
      this.broker.publish(topic, kwargs);
    } catch (err) {
      this.logger?.warn({ err, topic }, 'realtime publish failed');
    }
    const event = { topic, payload } as RealtimeEvent;
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (err) {
        this.logger?.warn({ err, topic }, 'realtime listener failed');
      }
    }
  }

  /** Observe every published event in-process. Returns the function that removes the listener. */
  subscribe(listener: RealtimeListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}
