import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from '@fastify/type-provider-zod';
import Fastify from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../../src/http/error-handler';
import { ConflictError, NotFoundError } from '../../src/http/http-errors';

const app = Fastify({ logger: false });

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/boom', async () => {
    throw new Error('secret internals at /var/lib/fovea');
  });
  typed.get('/conflict', async () => {
    throw new ConflictError('The scene is available; it cannot be wished for.');
  });
  typed.get('/missing', async () => {
    throw new NotFoundError('No scene 42');
  });
  typed.post(
    '/items/:id',
    {
      schema: {
        params: z.object({ id: z.coerce.number().int() }),
        body: z.object({ rating: z.number().max(5) }),
      },
    },
    async () => ({ ok: true }),
  );
  await app.ready();
});

afterAll(() => app.close());

describe('the error handler', () => {
  it('answers 500 without a stack trace or internals', async () => {
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: 'Internal Server Error',
      message: 'Something went wrong on the server; see the server log.',
    });
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('at ');
  });

  it('passes a service conflict and not-found through with their status', async () => {
    const conflict = await app.inject({ method: 'GET', url: '/conflict' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({
      error: 'Conflict',
      message: 'The scene is available; it cannot be wished for.',
    });
    const missing = await app.inject({ method: 'GET', url: '/missing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Not Found', message: 'No scene 42' });
  });

  it('lists every invalid field of params and body', async () => {
    const response = await app.inject({ method: 'POST', url: '/items/abc', payload: { rating: 9 } });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: string; message: string; issues: { path: unknown[] }[] }>();
    expect(body.error).toBe('Bad Request');
    expect(body.issues.map((issue) => issue.path)).toEqual([['params', 'id']]);
    const bodyOnly = await app.inject({ method: 'POST', url: '/items/1', payload: { rating: 9 } });
    expect(bodyOnly.json<{ issues: { path: unknown[] }[] }>().issues[0]?.path).toEqual(['body', 'rating']);
  });

  it('answers a wrong content type and an oversized body as client errors', async () => {
    const wrongType = await app.inject({
      method: 'POST',
      url: '/items/1',
      headers: { 'content-type': 'application/xml' },
      payload: '<rating>1</rating>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ error: 'Unsupported Media Type' });
  });
});
