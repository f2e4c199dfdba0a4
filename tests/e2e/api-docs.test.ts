import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../helpers/browser';
import { removeDataDir, startServer, type ServerProcess } from '../helpers/server-process';

let browser: Browser;
let server: ServerProcess;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) await removeDataDir(server.dataDir);
});

describe('API documentation page', () => {
  it('renders every operation under the app’s Content-Security-Policy', async () => {
    const context = await newContext(browser, { baseURL: server.baseUrl });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
    });
    try {
      const response = await page.goto('/docs/api/');
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
      await expect
        .poll(() => page.locator('.opblock').count(), { timeout: 30_000 })
        .toBeGreaterThan(30);
      expect(await page.locator('.opblock-summary-path').allInnerTexts()).toContain(
        '/api/admin/assessments/{id}/report.pdf',
      );
      await screenshot(page, 'api-docs');
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
