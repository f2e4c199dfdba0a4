import { describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR } from '../helpers/browser';
import { useE2e } from '../helpers/e2e-fixture';

const e2e = useE2e();

describe('API documentation page', () => {
  it('renders every operation under the app’s Content-Security-Policy', async () => {
    const page = await e2e.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto('/docs/api/');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect
      .poll(() => page.locator('.opblock').count(), { timeout: 30_000 })
      .toBeGreaterThan(30);
    expect(await page.locator('.opblock-summary-path').allInnerTexts()).toContain(
      '/api/admin/assessments/{id}/report.pdf',
    );
    // Not `screenshot()`, which also runs axe: this page is Swagger UI's own markup for
    // integrators (its contrast and nested controls are the vendor's), no patient or practice page.
    await page.screenshot({ path: `${SCREENSHOT_DIR}/api-docs.png`, fullPage: true });
    expect(violations).toEqual([]);
  });
});
