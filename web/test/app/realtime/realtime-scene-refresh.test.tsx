import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sceneKeys } from '../../../src/api/query-keys';
import { RealtimeProvider } from '../../../src/app/realtime/RealtimeProvider';
import { createRealtimeStore } from '../../../src/app/realtime/realtime-store';

const log = (data: Record<string, unknown>, message = '') => ({
  topic: 'service.log' as const,
  payload: { level: 'info' as const, message, data, timestamp: '2026-11-27 08:00:00.000 +0000 UTC' },
});

function mount() {
  const client = new QueryClient();
  const invalidated: unknown[] = [];
  vi.spyOn(client, 'invalidateQueries').mockImplementation((filters) => {
    invalidated.push(filters?.queryKey);
    return Promise.resolve();
  });
  const store = createRealtimeStore();
  render(
    <QueryClientProvider client={client}>
      <RealtimeProvider store={store} connect={false}>
        <div />
      </RealtimeProvider>
    </QueryClientProvider>,
  );
  const sceneListRefreshes = () => invalidated.filter((key) => key === sceneKeys.lists).length;
  return { store, sceneListRefreshes };
}

describe('scenes appear while a scrape runs', () => {
  afterEach(() => vi.useRealTimers());

  it('reloads the scene lists when a site’s scraper finishes and when the scrape lock is released', () => {
    const { store, sceneListRefreshes } = mount();
    store.receive(log({ task: 'scraperProgress', scraperID: 'vrbangers', started: true, completed: false }));
    expect(sceneListRefreshes()).toBe(0);
    store.receive(log({ task: 'scraperProgress', scraperID: 'vrbangers', started: false, completed: true }));
    expect(sceneListRefreshes()).toBe(1);
    store.receive({ topic: 'lock.change', payload: { name: 'rescan', locked: false } });
    expect(sceneListRefreshes()).toBe(1);
    store.receive({ topic: 'lock.change', payload: { name: 'scrape', locked: false } });
    expect(sceneListRefreshes()).toBe(2);
  });

  it('reloads at most every 5 s on the scrape job’s progress', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { store, sceneListRefreshes } = mount();
    const progress = {
      topic: 'job.progress' as const,
      payload: {
        jobId: 1,
        name: 'scrape' as const,
        task: 'scrape' as const,
        status: 'running' as const,
        current: 1,
        total: 3,
        progress: 33,
        message: '',
      },
    };
    store.receive(progress);
    store.receive(progress);
    expect(sceneListRefreshes()).toBe(1);
    vi.setSystemTime(Date.now() + 5_001);
    store.receive(progress);
    expect(sceneListRefreshes()).toBe(2);
  });
});
