import type { FoveaApp } from '../../src/app';

/** POSTs a JSON body to the app and answers the status code and the parsed body. */
export async function postJson(app: FoveaApp, url: string, payload: unknown) {
  const response = await app.http.inject({ method: 'POST', url, payload: payload as object });
  return { code: response.statusCode, body: response.json<unknown>() };
}
