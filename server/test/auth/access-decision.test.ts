import { describe, expect, it } from 'vitest';
import {
  accessDecision,
  LOGIN_NEEDED_MESSAGE,
  PUBLIC_ADDRESS_MESSAGE,
  type RequestFacts,
} from '../../src/auth/access-decision';

const facts = (patch: Partial<RequestFacts>): RequestFacts => ({
  method: 'GET',
  path: '/api/options/state',
  address: '192.168.1.20',
  authenticated: false,
  mediaToken: false,
  ...patch,
});
const NO_LOGIN = { loginSet: false };
const LOGIN = { loginSet: true };
const allowed = { allow: true };
const unauthorised = { allow: false, status: 401, message: LOGIN_NEEDED_MESSAGE };

describe('accessDecision without a login', () => {
  it('serves the own network on every route, players included', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '::1', 'fd00::5', '::ffff:192.168.0.9', '100.100.1.1']) {
      for (const path of ['/api/files/file/1', '/deovr', '/ws/', '/ui/']) {
        expect(accessDecision(facts({ address, path, method: 'DELETE' }), NO_LOGIN)).toEqual(allowed);
      }
    }
  });

  it('refuses public addresses everywhere with the way to set a login, even with credentials', () => {
    for (const path of ['/api/auth/status', '/deovr', '/heresphere/1', '/ui/', '/img/x/https:/a/b.jpg']) {
      const decision = accessDecision(
        facts({ address: '8.8.8.8', path, authenticated: true, mediaToken: true }),
        NO_LOGIN,
      );
      expect(decision).toEqual({ allow: false, status: 403, message: PUBLIC_ADDRESS_MESSAGE });
    }
    expect(accessDecision(facts({ address: undefined }), NO_LOGIN)).toMatchObject({ status: 403 });
    expect(accessDecision(facts({ address: '::ffff:8.8.8.8' }), NO_LOGIN)).toMatchObject({ status: 403 });
  });
});

describe('accessDecision with a login', () => {
  it('asks every other route for a login, from any address', () => {
    for (const address of ['127.0.0.1', '8.8.8.8']) {
      for (const [method, path] of [
        ['GET', '/api/options/state'],
        ['POST', '/api/auth/logout'],
        ['PUT', '/api/auth/credentials'],
        ['POST', '/api/auth/status'],
        ['GET', '/api/auth/login'],
        ['GET', '/api/openapi.json'],
        ['GET', '/ws/'],
        ['POST', '/ui/'],
        ['GET', '/uix'],
        ['GET', '/deovrx'],
        ['GET', '/nothing-here'],
      ] as const) {
        expect(accessDecision(facts({ address, method, path }), LOGIN)).toEqual(unauthorised);
      }
    }
  });

  it('serves anything logged in, from any address', () => {
    expect(accessDecision(facts({ address: '8.8.8.8', authenticated: true }), LOGIN)).toEqual(allowed);
  });

  it('keeps the status, the login, the web app and the players open', () => {
    for (const [method, path] of [
      ['GET', '/api/auth/status'],
      ['HEAD', '/api/auth/status'],
      ['POST', '/api/auth/login'],
      ['GET', '/'],
      ['GET', '/ui'],
      ['GET', '/ui/'],
      ['GET', '/ui/assets/app-1.js'],
      ['GET', '/deovr'],
      ['POST', '/deovr/5'],
      ['POST', '/heresphere'],
      ['POST', '/heresphere/events/3'],
    ] as const) {
      expect(accessDecision(facts({ address: '8.8.8.8', method, path }), LOGIN)).toEqual(allowed);
    }
  });

  it('opens media paths by token for reads only', () => {
    for (const path of [
      '/api/dms/file/3/1 - A.funscript',
      '/api/dms/preview/abc',
      '/api/dms/heatmap/4',
      '/img/700x,jpeg/https:/cdn/a.jpg',
      '/imghm/3/https:/cdn/a.jpg',
    ]) {
      expect(accessDecision(facts({ path, mediaToken: true }), LOGIN)).toEqual(allowed);
      expect(accessDecision(facts({ path, mediaToken: true, method: 'POST' }), LOGIN)).toEqual(unauthorised);
      expect(accessDecision(facts({ path }), LOGIN)).toEqual(unauthorised);
    }
    expect(accessDecision(facts({ path: '/api/files/file/3', mediaToken: true }), LOGIN)).toEqual(
      unauthorised,
    );
  });
});
