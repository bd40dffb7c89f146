import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SearchIndexRepository } from '../../src/repositories/search-index.repository';
import { CacheSizeService } from '../../src/services/cache-size.service';
import { makeTempDir } from '../helpers/temp-dir';

function service(now: { value: number }, indexBytes: { value: number; calls: number }) {
  const root = makeTempDir('fovea-cache-size-');
  const images = join(root, 'images');
  mkdirSync(join(images, 'ab'), { recursive: true });
  writeFileSync(join(images, 'ab', 'one'), Buffer.alloc(100));
  const searchIndex = {
    sizeBytes: () => {
      indexBytes.calls += 1;
      return Promise.resolve(indexBytes.value);
    },
  } as unknown as SearchIndexRepository;
  const sizes = new CacheSizeService(
    { images, previews: join(root, 'previews') },
    searchIndex,
    () => 1,
    () => 2048,
    () => now.value,
  );
  return { sizes, images };
}

describe('CacheSizeService', () => {
  it('waits for the first figures, then answers stale ones at once while fresh ones are measured', async () => {
    const now = { value: 0 };
    const index = { value: 500, calls: 0 };
    const { sizes, images } = service(now, index);
    expect(await sizes.sizes()).toEqual({ images: 100, previews: 0, searchIndex: 500, imagesLimit: 2048 });

    // Within the hour: the same figures, nothing measured again.
    writeFileSync(join(images, 'ab', 'two'), Buffer.alloc(50));
    index.value = 700;
    expect(await sizes.sizes()).toEqual({ images: 100, previews: 0, searchIndex: 500, imagesLimit: 2048 });
    expect(index.calls).toBe(1);

    // Past the hour: the stale figures come back at once, and the next call sees the new ones.
    now.value = 2 * 3600_000;
    expect(await sizes.sizes()).toEqual({ images: 100, previews: 0, searchIndex: 500, imagesLimit: 2048 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await sizes.sizes()).toEqual({ images: 150, previews: 0, searchIndex: 700, imagesLimit: 2048 });
    expect(index.calls).toBe(2);
  });
});
