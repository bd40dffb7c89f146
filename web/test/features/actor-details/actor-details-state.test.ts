import { describe, expect, it } from 'vitest';
import {
  CLOSED_ACTOR_DETAILS,
  actorDetailsReducer,
  siblingActorId,
} from '../../../src/features/actor-details/actor-details-state';

describe('actor details state', () => {
  it('opens an actor with its siblings and counts every open', () => {
    const opened = actorDetailsReducer(CLOSED_ACTOR_DETAILS, {
      type: 'open',
      actorId: 2,
      siblings: [1, 2, 3],
    });
    expect(opened).toEqual({ actorId: 2, siblings: [1, 2, 3], openCount: 1, closedByNavigation: false });
    const again = actorDetailsReducer(opened, { type: 'open', actorId: 9 });
    expect(again).toEqual({ actorId: 9, siblings: [], openCount: 2, closedByNavigation: false });
  });

  it('steps through the siblings without wrapping and keeps the open count', () => {
    const state = actorDetailsReducer(CLOSED_ACTOR_DETAILS, {
      type: 'open',
      actorId: 2,
      siblings: [1, 2, 3],
    });
    const next = actorDetailsReducer(state, { type: 'step', delta: 1 });
    expect(next.actorId).toBe(3);
    expect(next.openCount).toBe(1);
    expect(actorDetailsReducer(next, { type: 'step', delta: 1 })).toBe(next);
    const first = actorDetailsReducer(state, { type: 'step', delta: -1 });
    expect(first.actorId).toBe(1);
    expect(siblingActorId(first, -1)).toBeNull();
    expect(siblingActorId(first, 1)).toBe(2);
  });

  it('has no previous/next without siblings or for an actor not among them', () => {
    const alone = actorDetailsReducer(CLOSED_ACTOR_DETAILS, { type: 'open', actorId: 5 });
    expect(siblingActorId(alone, 1)).toBeNull();
    expect(siblingActorId({ ...alone, siblings: [1, 2] }, -1)).toBeNull();
    expect(siblingActorId(CLOSED_ACTOR_DETAILS, 1)).toBeNull();
  });

  it('closes', () => {
    const state = actorDetailsReducer(CLOSED_ACTOR_DETAILS, { type: 'open', actorId: 2, siblings: [1, 2] });
    expect(actorDetailsReducer(state, { type: 'close' })).toEqual({
      actorId: null,
      siblings: [],
      openCount: 1,
      closedByNavigation: false,
    });
    // A close for a navigation elsewhere says so, for the address.
    expect(actorDetailsReducer(state, { type: 'close', navigation: true })).toMatchObject({
      actorId: null,
      closedByNavigation: true,
    });
    expect(actorDetailsReducer(CLOSED_ACTOR_DETAILS, { type: 'close' })).toBe(CLOSED_ACTOR_DETAILS);
  });
});
