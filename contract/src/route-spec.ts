import type { z } from 'zod';

/** One HTTP call of the route table: method, path and the zod schemas of its parts. */
export interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response: z.ZodType;
}
