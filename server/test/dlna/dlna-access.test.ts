import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DLNA_IMAGES } from '@fovea/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { deviceUuid } from '../../src/dlna/device-description';
import { browse, CDS, soap, type DlnaLibrary } from './dlna-fixture';
import { startDlnaTestApp, type DlnaTestApp } from './dlna-test-app';

let context: DlnaTestApp;
let app: FoveaApp;
let lib: DlnaLibrary;
let mediaDir: string;
let covers: DlnaTestApp['covers'];

const dlnaBase = () => `http://127.0.0.1:${app.dlna.port() ?? 0}`;
const control = () => `${dlnaBase()}/ctl/ContentDirectory`;

async function putDlna(body: object) {
  const response = await app.http.inject({
    method: 'PUT',
    url: '/api/options/interface/dlna',
    payload: body,
  });
  return { status: response.statusCode, json: response.json<Record<string, unknown>>() };
}

beforeAll(async () => {
  context = await startDlnaTestApp();
  ({ app, lib, mediaDir, covers } = context);
}, 60_000);

afterAll(() => context.close());

describe('media and art', () => {
  it('streams files with byte ranges and DLNA headers', async () => {
    const url = `${dlnaBase()}/media/${lib.files.beachLow}.mp4`;
    const bytes = readFileSync(join(mediaDir, 'beach-low.mp4'));
    const part = await fetch(url, { headers: { range: 'bytes=10-109' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-109/${bytes.length}`);
    expect(part.headers.get('contentfeatures.dlna.org')).toContain('DLNA.ORG_OP=01');
    expect(part.headers.get('transfermode.dlna.org')).toBe('Streaming');
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(10, 110))).toBe(true);
    const whole = await fetch(url);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const head = await fetch(url, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(bytes.length)]);
    expect((await fetch(`${dlnaBase()}/media/999999.mp4`)).status).toBe(404);
    expect((await fetch(`${dlnaBase()}/media/x.mp4`)).status).toBe(404);
  });

  it("serves the scene's cover as JPEG through the image proxy", async () => {
    const response = await fetch(`${dlnaBase()}/art/${lib.beach}.jpg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 400, 200]);
    expect(covers.requests).toContain('/cover-1.png');
  });

  it('serves a frame of the video for a scene without a cover, and 404 when there is no video', async () => {
    const response = await fetch(`${dlnaBase()}/art/${lib.city}.jpg`);
    expect([response.status, response.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 160, 90]);
    // "Hidden" has no cover and its video is not on disk.
    expect((await fetch(`${dlnaBase()}/art/${lib.hidden}.jpg`)).status).toBe(404);
  });
});

describe('PUT /api/options/interface/dlna and currentState.dlna', () => {
  it('refuses bad bodies with clear messages', async () => {
    const duplicate = await putDlna({ allowedIp: ['10.0.0.1', '10.0.0.1'] });
    expect(duplicate.status).toBe(400);
    expect(JSON.stringify(duplicate.json)).toContain('an address is listed twice');
    const notIp = await putDlna({ allowedIp: ['my-phone'] });
    expect([notIp.status, notIp.json.message]).toEqual([400, '"my-phone" is not an IP address']);
    const image = await putDlna({ image: 'unicorn' });
    expect(image.status).toBe(400);
    expect(image.json.message).toContain('image must be one of default, asterix');
    expect((await putDlna({ name: '' })).status).toBe(400);
    expect((await putDlna({ colour: 'red' })).status).toBe(400);
    expect(app.options.get().interfaces.dlna.allowedIp).toEqual([]);
  });

  it('enforces the allowed list on control, media and description, and records client addresses', async () => {
    const saved = await putDlna({ allowedIp: ['10.1.2.3'], recentIp: ['ignored'], availableImages: [] });
    expect(saved).toEqual({
      status: 200,
      json: { enabled: true, name: 'Fovea', image: 'default', allowedIp: ['10.1.2.3'] },
    });
    const refused = await soap(control(), CDS, 'GetSystemUpdateID', {});
    expect(refused.status).toBe(403);
    expect(refused.body).toBe('127.0.0.1 is not on the DLNA allowed list');
    expect((await fetch(`${dlnaBase()}/media/${lib.files.beachLow}.mp4`)).status).toBe(403);
    expect((await fetch(`${dlnaBase()}/rootDesc.xml`)).status).toBe(403);
    const state = await app.http.inject({ method: 'GET', url: '/api/options/state' });
    const dlna = state.json<{
      currentState: { dlna: { running: boolean; images: string[]; recentIp: string[] } };
    }>().currentState.dlna;
    expect(dlna).toEqual({ running: true, images: [...DLNA_IMAGES], recentIp: ['127.0.0.1'] });

    await putDlna({ allowedIp: ['127.0.0.1'] });
    expect((await soap(control(), CDS, 'GetSystemUpdateID', {})).status).toBe(200);
    await putDlna({ allowedIp: [] });
    expect((await browse(control(), '0')).total).toBe(7);
  });

  it('restarts with a new name and image, stops when disabled and starts again', async () => {
    const oldIcon = Buffer.from(await (await fetch(`${dlnaBase()}/icons/48.png`)).arrayBuffer());
    const renamed = await putDlna({ name: 'Den', image: 'rocket' });
    expect(renamed.json).toMatchObject({ name: 'Den', image: 'rocket' });
    const description = await (await fetch(`${dlnaBase()}/rootDesc.xml`)).text();
    expect(description).toContain('<friendlyName>Den</friendlyName>');
    expect(description).toContain(`<UDN>uuid:${deviceUuid('Den')}</UDN>`);
    const newIcon = Buffer.from(await (await fetch(`${dlnaBase()}/icons/48.png`)).arrayBuffer());
    expect(newIcon.equals(oldIcon)).toBe(false);
    expect(app.options.get().interfaces.dlna).toMatchObject({ serviceName: 'Den', serviceImage: 'rocket' });

    const oldBase = dlnaBase();
    const off = await putDlna({ enabled: false });
    expect(off.json.enabled).toBe(false);
    expect(app.dlna.state().running).toBe(false);
    expect(app.dlna.port()).toBeNull();
    await expect(fetch(`${oldBase}/rootDesc.xml`)).rejects.toThrow();

    await putDlna({ enabled: true, name: 'Fovea', image: 'default' });
    expect(app.dlna.state().running).toBe(true);
    expect(await (await fetch(`${dlnaBase()}/rootDesc.xml`)).text()).toContain(
      '<friendlyName>Fovea</friendlyName>',
    );
  });
});

describe('/dlna/icons on the app', () => {
  it('serves every image choice for the options page and refuses other names', async () => {
    for (const name of DLNA_IMAGES) {
      const response = await app.http.inject({ method: 'GET', url: `/dlna/icons/${name}.png` });
      expect(response.headers['content-type']).toBe('image/png');
      const meta = await sharp(response.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([128, 128]);
    }
    const bad = await app.http.inject({ method: 'GET', url: '/dlna/icons/../etc.png' });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    const unknown = await app.http.inject({ method: 'GET', url: '/dlna/icons/unicorn.png' });
    expect(unknown.statusCode).toBe(400);
  });
});
