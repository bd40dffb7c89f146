import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { HeresphereRepository, HeresphereTx } from '../../../src/repositories/heresphere.repository';
import type { SceneStatusService } from '../../../src/services/scene-status.service';
import { HeresphereWriteService } from '../../../src/services/heresphere-write.service';

/** A repository whose transactions take a while and record how many ran at once per scene. */
function slowRepo() {
  const active = new Map<number, number>();
  const overlaps: number[] = [];
  const order: string[] = [];
  let current = 0;
  const repo = {
    async transaction<T>(work: (tx: HeresphereTx) => Promise<T>): Promise<T> {
      const sceneId = current;
      active.set(sceneId, (active.get(sceneId) ?? 0) + 1);
      overlaps.push(active.get(sceneId) ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const tx = {
        scenes: {
          row: async () => ({ id: sceneId }),
          update: async (_id: number, values: { star_rating?: number }) => {
            order.push(`${sceneId}:${values.star_rating}`);
          },
        },
      } as unknown as HeresphereTx;
      const result = await work(tx);
      active.set(sceneId, (active.get(sceneId) ?? 1) - 1);
      return result;
    },
  };
  return {
    repo: repo as unknown as HeresphereRepository,
    overlaps,
    order,
    setScene: (id: number) => (current = id),
  };
}

describe('HeresphereWriteService queue', () => {
  it('runs the updates of one scene one after another, in the order they came', async () => {
    const fake = slowRepo();
    const service = new HeresphereWriteService({
      repo: fake.repo,
      files: { withVolume: async () => undefined },
      remover: {
        delete: async () => {
          throw new Error('not called');
        },
      },
      status: { refreshScenes: async () => ({ checked: 0, changed: 0 }) } as unknown as SceneStatusService,
      logger: pino({ level: 'silent' }),
    });
    const target = { id: 7, scene_id: 'x-7', videos: [], files: [] };
    fake.setScene(7);
    await Promise.all([1, 2, 3].map((rating) => service.apply(target, { rating, deleteFiles: false })));
    expect(fake.overlaps).toEqual([1, 1, 1]);
    expect(fake.order).toEqual(['7:1', '7:2', '7:3']);
  });

  it('goes on after a failed update', async () => {
    const fake = slowRepo();
    let fail = true;
    const service = new HeresphereWriteService({
      repo: {
        transaction: async <T>(work: (tx: HeresphereTx) => Promise<T>) => {
          if (fail) {
            fail = false;
            throw new Error('disk full');
          }
          return fake.repo.transaction(work);
        },
      } as unknown as HeresphereRepository,
      files: { withVolume: async () => undefined },
      remover: { delete: async () => undefined as never },
      status: { refreshScenes: async () => ({ checked: 0, changed: 0 }) } as unknown as SceneStatusService,
      logger: pino({ level: 'silent' }),
    });
    const target = { id: 3, scene_id: 'x-3', videos: [], files: [] };
    fake.setScene(3);
    const results = await Promise.allSettled([
      service.apply(target, { rating: 1, deleteFiles: false }),
      service.apply(target, { rating: 2, deleteFiles: false }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled']);
    expect(fake.order).toEqual(['3:2']);
  });
});
