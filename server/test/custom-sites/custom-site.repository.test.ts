import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { CustomSiteRepository, type CustomSiteValues } from '../../src/custom-sites/custom-site.repository';
import { createTestApp } from '../helpers/test-app';

let app: FoveaApp;
let repo: CustomSiteRepository;

const values = (id: string, name: string): CustomSiteValues => ({
  id,
  list: 'povr',
  url: `https://povr.com/studios/${id}`,
  name,
  company: name,
  avatar_url: '',
  master_site_id: '',
});

beforeAll(async () => {
  app = await createTestApp();
  repo = new CustomSiteRepository(app.database.db);
});

afterAll(async () => {
  await app.close();
});

describe('CustomSiteRepository', () => {
  it('inserts, lists by name ignoring case, and updates in place keeping created_at', async () => {
    const first = await repo.save(values('zeta-povr', 'zeta'));
    await repo.save(values('alpha-povr', 'Alpha'));
    expect((await repo.list()).map((row) => row.id)).toEqual(['alpha-povr', 'zeta-povr']);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const updated = await repo.save({
      ...values('zeta-povr', 'Zeta'),
      company: 'Zeta Media',
      master_site_id: 'x',
    });
    expect(updated).toMatchObject({ name: 'Zeta', company: 'Zeta Media', master_site_id: 'x' });
    expect(updated.created_at).toBe(first.created_at);
    expect(updated.updated_at > first.updated_at).toBe(true);
    expect(await repo.list()).toHaveLength(2);
    expect((await repo.row('zeta-povr'))?.company).toBe('Zeta Media');
  });

  it('deletes one site and says whether there was one', async () => {
    expect(await repo.delete('alpha-povr')).toBe(true);
    expect(await repo.delete('alpha-povr')).toBe(false);
    expect(await repo.row('alpha-povr')).toBeUndefined();
  });

  it('refuses a list the table does not know', async () => {
    const bad = { ...values('odd-x', 'Odd'), list: 'x' } as unknown as CustomSiteValues;
    await expect(repo.save(bad)).rejects.toThrow(/CHECK constraint/);
  });
});
