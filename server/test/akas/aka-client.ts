import { AkaResponse } from '@fovea/contract';
import { expect } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { postJson } from '../helpers/inject-json';

/** An aka call that answers 200 {status, akas}. */
export async function akaCall(app: FoveaApp, path: string, actorList: string[]) {
  const { code, body } = await postJson(app, `/api/aka/${path}`, { actorList });
  expect(code, JSON.stringify(body)).toBe(200);
  return AkaResponse.parse(body);
}
