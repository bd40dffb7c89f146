import type { ActorListRequestInput } from '@fovea/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigationType } from 'react-router';
import { useActorJump } from '../../api/queries/actor-list';
import { onlyDetailsChanged } from '../../app/details-url/details-url';
import { notifyDanger } from '../../components/notify';
import { alignOffset } from './actor-paging';

interface PagingState {
  /**
   * The navigation the offset belongs to: any navigation but a replace, or one that only opens or closes
   * details over the list, starts again from the first page.
   */
  key: string;
  /** The last navigation seen, and the route's search then. */
  seen: string;
  search: string;
  /** As asked; shown aligned to the page size (a card-size change keeps the first actor on the page shown). */
  offset: number;
  /** The strip letter the page was reached through, while it is shown. */
  letter: string | null;
}

export interface ActorPaging {
  /** The offset to ask for, on a page boundary of the current page size. */
  offset: number;
  /** The strip letter the shown page was reached through, if any. */
  letter: string | null;
  jumping: boolean;
  /** Shows the page at this offset. */
  moveTo(offset: number): void;
  /** The page holding the first name from `letter` on (the server names its offset). */
  jump(letter: string): void;
  /** Back to the first page. */
  reset(): void;
}

/**
 * The page of the actor list. The offset is not part of the route: entering the route, any filter change and
 * any other navigation (back, forward, a link to the same list) start from the first page again; a replace,
 * or a navigation that only opens or closes details over the list (their `actor_id`), keeps it. A card-size change keeps the first actor shown on the page.
 * `initialJump` is the route's jumpTo: the route is entered on the page of that letter.
 */
export function useActorPaging(
  request: ActorListRequestInput,
  limit: number,
  initialJump: string,
): ActorPaging {
  const { t } = useTranslation();
  const location = useLocation();
  const navigationType = useNavigationType();
  const [state, setState] = useState<PagingState>({
    key: location.key,
    seen: location.key,
    search: location.search,
    offset: 0,
    letter: null,
  });
  let current = state;
  if (state.seen !== location.key) {
    const keep = navigationType === 'REPLACE' || onlyDetailsChanged(state.search, location.search);
    const seen = { seen: location.key, search: location.search };
    current = keep ? { ...state, ...seen } : { key: location.key, ...seen, offset: 0, letter: null };
    setState(current);
  }
  const offset = alignOffset(current.offset, limit);
  const [jumping, setJumping] = useState(false);
  const askJump = useActorJump();

  const latest = useRef({ key: current.key, request, limit });
  useEffect(() => {
    latest.current = { key: current.key, request, limit };
  });

  const jump = useCallback(
    (letter: string) => {
      const { key, request: asked, limit: size } = latest.current;
      setJumping(true);
      askJump(asked, letter, size).then(
        (found) => {
          setJumping(false);
          // Only when the list is still the one the jump was asked for.
          if (latest.current.key === key) setState((before) => ({ ...before, key, offset: found, letter }));
        },
        () => {
          setJumping(false);
          notifyDanger(t('actors.jump.failed', { letter }));
        },
      );
    },
    [askJump, t],
  );

  // A jumpTo in the route (a link or a saved search) jumps once when the route is entered.
  const jumpedFor = useRef<string | null>(null);
  useEffect(() => {
    const key = current.key;
    if (initialJump === '' || navigationType === 'REPLACE' || jumpedFor.current === key) return undefined;
    const timer = setTimeout(() => {
      jumpedFor.current = key;
      jump(initialJump);
    }, 0);
    return () => clearTimeout(timer);
  }, [initialJump, current.key, navigationType, jump]);

  const moveTo = useCallback(
    (next: number) => setState((before) => ({ ...before, offset: next, letter: null })),
    [],
  );
  const reset = useCallback(() => moveTo(0), [moveTo]);
  return {
    offset,
    letter:
      current.letter !== null && alignOffset(current.offset, limit) === current.offset
        ? current.letter
        : null,
    jumping,
    moveTo,
    jump,
    reset,
  };
}
