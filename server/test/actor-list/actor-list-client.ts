import { ActorFiltersResponse, ActorListResponse, type ActorListRequestInput } from '@fovea/contract';
import { expect } from 'vitest';
import type { FoveaApp } from '../../src/app';

/** POST /api/actor/list; expects 200 and an answer that matches the contract. */
export async function listActors(
  app: FoveaApp,
  body: ActorListRequestInput = {},
): Promise<ActorListResponse> {
  const response = await app.http.inject({ method: 'POST', url: '/api/actor/list', payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return ActorListResponse.parse(response.json());
}

/** The names of one page, in order (one big page unless the body says otherwise). */
export async function listNames(app: FoveaApp, body: ActorListRequestInput = {}): Promise<string[]> {
  const answer = await listActors(app, { limit: 1000, ...body });
  return answer.actors.map((actor) => actor.name);
}

/** GET /api/actor/filters; expects 200. */
export async function getActorFilters(app: FoveaApp): Promise<ActorFiltersResponse> {
  const response = await app.http.inject({ method: 'GET', url: '/api/actor/filters' });
  expect(response.statusCode, response.body).toBe(200);
  return ActorFiltersResponse.parse(response.json());
}

/** A birth date `years` years (and a few days) before today, as stored: 'YYYY-MM-DD'. */
export function bornYearsAgo(years: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() - 3);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
}
