import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Calls `onRevisit` when the route is navigated to again with the very same query (a chip or link that
 * names the current filters, the Scenes link on the default list, Quick find): a route update the list
 * reloads on (library-spec §2). A navigation that changes the query is not a revisit (the list follows
 * the new request, and a card-size change needs no reload), nor is a replace (tidying the address).
 */
export function useRouteRevisit(onRevisit: () => void): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const seen = useRef({ key: location.key, search: location.search });
  const callback = useRef(onRevisit);
  useEffect(() => {
    callback.current = onRevisit;
  });
  useEffect(() => {
    const before = seen.current;
    seen.current = { key: location.key, search: location.search };
    if (before.key === location.key || navigationType === 'REPLACE') return;
    if (before.search === location.search) callback.current();
  }, [location.key, location.search, navigationType]);
}
