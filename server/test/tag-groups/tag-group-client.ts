import { TagGroupResponse } from '@fovea/contract';
import { expect } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { postJson } from '../helpers/inject-json';

/** The group a tag-group answer carries when no group was found or created. */
export const ZERO_GROUP = {
  id: 0,
  name: '',
  tag_group_tag_id: 0,
  tag_group_tag: { id: 0, scenes: null, name: '', clean: '', count: 0 },
  tags: null,
};

/** A tag-group call that answers 200 {status, tag_group}. */
export async function tagGroupCall(app: FoveaApp, path: string, payload: unknown) {
  const { code, body } = await postJson(app, `/api/tag_group/${path}`, payload);
  expect(code, JSON.stringify(body)).toBe(200);
  return TagGroupResponse.parse(body);
}
