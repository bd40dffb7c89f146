import { ApiRequestError } from '../../api/client';
import type { DetailsOverlayStatus } from './DetailsOverlay';

/** The parts of a details query the overlay's state depends on. */
export interface DetailsQueryLike {
  data: unknown;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * What a details overlay shows for its query: the item once there is one; "not found" when the server answers
 * the zero item (the query's null) or 404; a retry for any other failure; else the spinner.
 */
export function detailsStatus(query: DetailsQueryLike): DetailsOverlayStatus {
  if (query.data !== null && query.data !== undefined) return 'ready';
  if (query.isSuccess) return 'notFound';
  if (query.isError) {
    return query.error instanceof ApiRequestError && query.error.status === 404 ? 'notFound' : 'failed';
  }
  return 'loading';
}
