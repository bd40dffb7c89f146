import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { FILTER_PARAM, encodeFileFilters, parseFileFilters } from './file-filters';
import type { FileFilters } from './file-filters';

export interface FileFiltersControl {
  filters: FileFilters;
  /** The `q` text the filters came from ('' for none): changes whenever the filters change. */
  key: string;
  /** Changes some filters; `replace` keeps the browser history from growing (typing). */
  update: (patch: Partial<FileFilters>, options?: { replace?: boolean }) => void;
}

/** The files filters held in the route's `q` parameter (base64 JSON), so a reload keeps them. */
export function useFileFilters(): FileFiltersControl {
  const [params, setParams] = useSearchParams();
  const key = params.get(FILTER_PARAM) ?? '';
  const filters = useMemo(() => parseFileFilters(key), [key]);
  const update = useCallback(
    (patch: Partial<FileFilters>, options: { replace?: boolean } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const merged = { ...parseFileFilters(current.get(FILTER_PARAM)), ...patch };
          next.set(FILTER_PARAM, encodeFileFilters(merged));
          return next;
        },
        { replace: options.replace ?? false },
      ),
    [setParams],
  );
  return { filters, key, update };
}
