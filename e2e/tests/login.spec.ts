import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

const shots = new URL('../artifacts/', import.meta.url).pathname;

const USERNAME = 'owner';
const PASSWORD = 'e2e-login-password';

async function openSecurity(page: Page): Promise<Locator> {
  await page.goto('/ui/#/options?section=security');
  const section = page.getByTestId('options-section-security');
  await expect(section.getByRole('heading', { name: 'Security' })).toBeVisible();
  return section;
}

async function logIn(page: Page, password: string) {
  const form = page.getByTestId('login-form');
  await form.getByLabel('Username').fill(USERNAME);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

test.describe('the login for the whole app', () => {
  test.afterAll(async ({ playwright }) => {
    // Leave the server without a login for the other specs, whatever happened above.
    const api = await playwright.request.newContext({ baseURL: process.env.FOVEA_E2E_URL });
    const status = (await (await api.get('/api/auth/status')).json()) as { loginRequired: boolean };
    if (status.loginRequired) {
      await api.post('/api/auth/login', { data: { username: USERNAME, password: PASSWORD } });
      await api.delete('/api/auth/credentials', { data: { currentPassword: PASSWORD } });
    }
    await api.dispose();
  });

  test('set in Options → Security, required after logout, API keys for scripts, then turned off', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);

    await test.step('no login: the banner warns and links to Options → Security', async () => {
      await page.goto('/ui/#/files');
      const banner = page.getByTestId('no-login-banner');
      await expect(banner).toContainText('Anyone on your network can change this library.');
      await page.screenshot({ path: `${shots}login-banner.png` });
      await banner.getByRole('link', { name: 'Set a password' }).click();
      await expect(page).toHaveURL(/#\/options\?section=security$/);
      await expect(page.getByTestId('security-set-login')).toBeVisible();
    });

    await test.step('set a login', async () => {
      const section = await openSecurity(page);
      const form = section.getByTestId('security-set-login');
      await form.getByLabel('Username').fill(USERNAME);
      await form.getByLabel(/^Password/).fill(PASSWORD);
      await form.getByLabel('Repeat the password').fill(PASSWORD);
      await page.screenshot({ path: `${shots}login-security-none.png`, fullPage: true });
      await form.getByRole('button', { name: 'Set login' }).click();
      await expect(section.getByTestId('security-username')).toContainText(USERNAME);
      await expect(page.getByTestId('no-login-banner')).toBeHidden();
      await expect(page.getByTestId('ws-status')).toHaveAttribute('data-state', 'connected');
      // A browser or script without the session is refused now.
      expect((await request.get('/api/library/summary')).status()).toBe(401);
    });

    await test.step('log out: a reload stays on the login page, asking nothing but the status', async () => {
      await page.getByTestId('logout-button').click();
      await expect(page.getByTestId('login-form')).toBeVisible();
      const apiCalls: string[] = [];
      const sockets: string[] = [];
      page.on('request', (sent) => {
        const path = new URL(sent.url()).pathname;
        if (path.startsWith('/api/')) apiCalls.push(path);
      });
      page.on('websocket', (socket) => sockets.push(socket.url()));
      await page.goto('/ui/#/');
      await page.reload();
      await expect(page.getByTestId('login-form')).toBeVisible();
      await expect(page).toHaveURL(/#\/login$/);
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
      // No early list calls and no websocket reconnects without a session.
      await page.waitForTimeout(2500);
      expect(apiCalls).toContain('/api/auth/status');
      expect(apiCalls.every((path) => path === '/api/auth/status')).toBe(true);
      expect(sockets).toEqual([]);
      await page.screenshot({ path: `${shots}login-page.png` });
    });

    await test.step('a wrong password is said so; the right one goes back to where the user was', async () => {
      await page.goto('/ui/#/options?section=security');
      await expect(page).toHaveURL(/#\/login$/);
      await logIn(page, 'not-the-password');
      await expect(page.getByTestId('login-error')).toHaveText('Wrong username or password.');
      await page.screenshot({ path: `${shots}login-wrong-password.png` });
      await logIn(page, PASSWORD);
      await expect(page).toHaveURL(/#\/options\?section=security$/);
      await expect(page.getByTestId('security-username')).toContainText(USERNAME);
      await expect(page.getByTestId('ws-status')).toHaveAttribute('data-state', 'connected');
    });

    await test.step('an API key lets a script in; without one it gets 401', async () => {
      const section = page.getByTestId('options-section-security');
      await section.getByLabel('New key name').fill('e2e script');
      await section.getByRole('button', { name: 'Create API key' }).click();
      const created = section.getByTestId('api-key-created');
      await expect(created).toContainText('Copy it now: it will not be shown again.');
      const secret = await section.getByTestId('api-key-secret').inputValue();
      expect(secret.length).toBeGreaterThan(20);
      await expect(section.getByTestId('api-key-curl')).toContainText(`X-Api-Key: ${secret}`);
      await expect(section.getByTestId('api-key-row')).toHaveCount(1);
      await page.screenshot({ path: `${shots}login-security-set.png`, fullPage: true });

      const withKey = await request.get('/api/library/summary', { headers: { 'X-Api-Key': secret } });
      expect(withKey.status()).toBe(200);
      expect(((await withKey.json()) as { scenes: number }).scenes).toBeGreaterThan(0);
      expect((await request.get('/api/library/summary')).status()).toBe(401);
      const wrongKey = await request.get('/api/library/summary', { headers: { 'X-Api-Key': `${secret}x` } });
      expect(wrongKey.status()).toBe(401);
    });

    await test.step('turn the login off', async () => {
      const section = page.getByTestId('options-section-security');
      const turnOff = section.getByTestId('security-turn-off');
      await turnOff.getByLabel('Current password').fill(PASSWORD);
      await turnOff.getByRole('button', { name: 'Turn off login' }).click();
      const dialog = page.getByTestId('confirm-dialog');
      await dialog.getByRole('button', { name: 'Turn off login' }).click();
      await expect(section.getByTestId('security-set-login')).toBeVisible();
      await expect(section.getByTestId('security-api-keys')).toHaveCount(0);
      await expect(page.getByTestId('no-login-banner')).toBeVisible();
      expect((await request.get('/api/library/summary')).status()).toBe(200);
    });
  });
});
