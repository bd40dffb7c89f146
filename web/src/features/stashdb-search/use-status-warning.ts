import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyWarning } from '../../components/notify';

interface StatusAnswer {
  /** The answer's Status ('' = fine). */
  status: string | undefined;
  /** When the answer came (0 = none yet); a cached answer shown again is older than the last one warned. */
  updatedAt: number;
  /** The answer belongs to the previous search, kept while the next one runs. */
  placeholder: boolean;
}

/** Shows a non-empty Status of a StashDB answer as 'Warning: {status}' (5 s), once per answer fetched. */
export function useStatusWarning({ status, updatedAt, placeholder }: StatusAnswer): void {
  const { t } = useTranslation();
  const warnedAt = useRef(0);
  useEffect(() => {
    if (placeholder || updatedAt <= warnedAt.current) return;
    warnedAt.current = updatedAt;
    if (status !== undefined && status.trim() !== '') notifyWarning(t('errors.warningStatus', { status }));
  }, [status, updatedAt, placeholder, t]);
}
