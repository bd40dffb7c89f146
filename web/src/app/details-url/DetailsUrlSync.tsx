import { useContext, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { ActorDetailsStoreContext } from '../../features/actor-details/actor-details-context';
import { SceneDetailsStoreContext } from '../../features/scene-details/scene-details-context';
import {
  DETAILS_KINDS,
  detailsSearch,
  readDetailsEntries,
  readDetailsHistoryState,
  sameEntries,
} from './details-url';
import type { DetailsEntry, DetailsHistoryState, DetailsKind } from './details-url';

/** One overlay as the address sees it, whichever it is. */
interface OverlayControl {
  id: number | null;
  siblings: readonly number[];
  openCount: number;
  closedByNavigation: boolean;
  open(id: number, siblings: readonly number[]): void;
  close(): void;
}

type Overlays = Record<DetailsKind, OverlayControl>;

/** What the address and the overlays last agreed on. */
interface Synced {
  /**
   * The address it was agreed for: the history entry's key and its path and query (an address typed or
   * pasted over the app's gets a new entry without a key of the router's: it is told apart by its text).
   */
  key: string;
  /** The overlays shown, bottom first. */
  entries: DetailsEntry[];
  openCounts: Record<DetailsKind, number>;
}

const countsOf = (overlays: Overlays): Record<DetailsKind, number> => ({
  scene: overlays.scene.openCount,
  actor: overlays.actor.openCount,
});

const entryOf = (overlays: Overlays, kind: DetailsKind): DetailsEntry[] => {
  const id = overlays[kind].id;
  return id === null ? [] : [{ kind, id }];
};

/** The overlays shown now, in the order they were last agreed on, those opened (again) since on top. */
function shownEntries(
  overlays: Overlays,
  synced: Synced,
): { entries: DetailsEntry[]; appeared: DetailsKind[] } {
  const isOpen = (kind: DetailsKind) => overlays[kind].id !== null;
  const known = (kind: DetailsKind) => synced.entries.some((entry) => entry.kind === kind);
  const reopened = (kind: DetailsKind) => known(kind) && overlays[kind].openCount !== synced.openCounts[kind];
  const appeared = DETAILS_KINDS.filter((kind) => isOpen(kind) && !known(kind));
  const raised = DETAILS_KINDS.filter((kind) => isOpen(kind) && reopened(kind));
  const stayed = synced.entries.filter(({ kind }) => isOpen(kind) && !reopened(kind)).map(({ kind }) => kind);
  const entries = [...stayed, ...raised, ...appeared].flatMap((kind) => entryOf(overlays, kind));
  return { entries, appeared };
}

function historyState(opened: DetailsKind, overlays: Overlays): DetailsHistoryState {
  const siblings: DetailsHistoryState['siblings'] = {};
  for (const kind of DETAILS_KINDS) {
    if (overlays[kind].id !== null && overlays[kind].siblings.length > 0)
      siblings[kind] = [...overlays[kind].siblings];
  }
  return { detailsOpened: opened, siblings };
}

/** Closes what the wanted overlays leave out, else opens the lowest one not shown yet; true when all match. */
function moveToward(
  wanted: readonly DetailsEntry[],
  overlays: Overlays,
  saved: DetailsHistoryState | null,
): boolean {
  const extra = DETAILS_KINDS.filter(
    (kind) => overlays[kind].id !== null && !wanted.some((entry) => entry.kind === kind),
  );
  extra.forEach((kind) => overlays[kind].close());
  if (extra.length > 0) return false;
  const next = wanted.find((entry) => overlays[entry.kind].id !== entry.id);
  if (next === undefined) return true;
  // Previous/next keep the list the overlay was opened from: the entry's own, else the one still held.
  const lists = [saved?.siblings[next.kind], overlays[next.kind].siblings];
  overlays[next.kind].open(next.id, lists.find((list) => list?.includes(next.id)) ?? []);
  return false;
}

/**
 * Keeps the address and the details overlays in step, on every route (library-spec §2's `scene_id` and
 * `actor_id`): an overlay opened pushes a history entry naming it (over the page's own query, which stays as
 * it is), previous/next replace it, closing goes back to the entry before; an address that names overlays
 * (a shared link, a reload, Back and Forward) opens them. A link opened afresh gets an entry of the page under
 * it first, so Back closes the overlay and stays in the app. Rendered once, inside the router and both
 * details providers.
 */
export function DetailsUrlSync(): null {
  const location = useLocation();
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const sceneStore = useContext(SceneDetailsStoreContext);
  const actorStore = useContext(ActorDetailsStoreContext);
  const synced = useRef<Synced | null>(null);
  const wanted = useRef<DetailsEntry[] | null>(null);

  useEffect(() => {
    if (sceneStore === null || actorStore === null) return;
    const { state: scene, dispatch: sceneDispatch } = sceneStore;
    const { state: actor, dispatch: actorDispatch } = actorStore;
    const overlays: Overlays = {
      scene: {
        id: scene.sceneId,
        siblings: scene.siblings,
        openCount: scene.openCount,
        closedByNavigation: scene.closedByNavigation,
        open: (sceneId, siblings) => sceneDispatch({ type: 'open', sceneId, siblings }),
        close: () => sceneDispatch({ type: 'close' }),
      },
      actor: {
        id: actor.actorId,
        siblings: actor.siblings,
        openCount: actor.openCount,
        closedByNavigation: actor.closedByNavigation,
        open: (actorId, siblings) => actorDispatch({ type: 'open', actorId, siblings }),
        close: () => actorDispatch({ type: 'close' }),
      },
    };
    const saved = readDetailsHistoryState(location.state);
    const to = (entries: readonly DetailsEntry[]) => ({
      pathname: location.pathname,
      search: detailsSearch(location.search, entries),
    });
    const last = synced.current;
    const here = `${location.key} ${location.pathname}${location.search}`;

    if (last === null || last.key !== here) {
      // The address moved (a link, Back, Forward, a reload): the overlays follow it.
      const named = readDetailsEntries(location.search);
      synced.current = { key: here, entries: last?.entries ?? [], openCounts: countsOf(overlays) };
      wanted.current = named;
      if (last === null && named.length > 0 && saved === null && navigationType === 'POP') {
        const top = named[named.length - 1]?.kind ?? 'scene';
        void navigate(to([]), { replace: true });
        void navigate(to(named), { state: historyState(top, overlays) });
        return;
      }
    }

    const target = wanted.current;
    const current = synced.current;
    if (current === null) return;
    if (target !== null) {
      if (moveToward(target, overlays, saved)) {
        wanted.current = null;
        synced.current = { key: here, entries: target, openCounts: countsOf(overlays) };
      }
      return;
    }

    // The overlays moved by themselves: the address follows them.
    const { entries, appeared } = shownEntries(overlays, current);
    const closed = current.entries.filter(({ kind }) => overlays[kind].id === null).map(({ kind }) => kind);
    synced.current = { key: here, entries, openCounts: countsOf(overlays) };
    if (sameEntries(entries, current.entries)) return;
    const opened = appeared[appeared.length - 1];
    if (opened !== undefined) {
      void navigate(to(entries), { state: historyState(opened, overlays) });
      return;
    }
    // Closed for a navigation elsewhere (a chip): that navigation sets the address.
    if (closed.length > 0 && closed.every((kind) => overlays[kind].closedByNavigation)) return;
    if (saved !== null && closed.length === 1 && closed[0] === saved.detailsOpened) {
      void navigate(-1);
      return;
    }
    // Previous/next, or a close on an entry the app did not push (a link opened here): the entry is replaced.
    const state = saved !== null && entries.length > 0 ? historyState(saved.detailsOpened, overlays) : null;
    void navigate(to(entries), { replace: true, state });
  }, [location, navigate, navigationType, sceneStore, actorStore]);

  return null;
}
