/**
 * An abort signal that fires when `parent` does or after `ms`, whichever comes first; `release()` clears the
 * timer and the listener. Built by hand: on Node 20, a signal from `AbortSignal.any([..., AbortSignal.timeout()])`
 * can be collected before its timer fires, and then never aborts.
 */
export interface BoundedSignal {
  signal: AbortSignal;
  release(): void;
}

export function boundedSignal(parent: AbortSignal | undefined, ms: number, reason: string): BoundedSignal {
  const controller = new AbortController();
  const onAbort = () => controller.abort(parent?.reason);
  const timer = setTimeout(() => controller.abort(new DOMException(reason, 'TimeoutError')), ms);
  if (parent?.aborted) controller.abort(parent.reason);
  else parent?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    release: () => {
      clearTimeout(timer);
      parent?.removeEventListener('abort', onAbort);
    },
  };
}
