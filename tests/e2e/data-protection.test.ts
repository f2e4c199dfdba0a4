import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answerEveryType, insertPatient } from '../helpers/admin-seed';
import { apiAsPage, dialogScreenshot } from '../helpers/admin-browser';
import { accessibilityViolations, PHONE, screenshot } from '../helpers/browser';
import { useE2e } from '../helpers/e2e-fixture';
import { makeSampleMedia } from '../helpers/sample-media';

const run = promisify(execFile);
const e2e = useE2e({
  admin: true,
  seed: async ({ db, media }) => {
    const files = await makeSampleMedia(e2e.browser);
    const store = await media();
    const email = 'jonas.becker@example.org';
    const patient = await insertPatient(db, { email, firstName: 'Jonas', lastName: 'Becker' });
    await answerEveryType(db, store, patient, files);
    const other = await insertPatient(db, {
      email: 'lea.kraus@example.org',
      firstName: 'Lea',
      lastName: 'Kraus',
    });
    await answerEveryType(db, store, other, files);
    // A family sharing one address: two people, two records.
    const family = 'wolf.family@example.org';
    const mia = await insertPatient(db, {
      email: family,
      firstName: 'Mia',
      lastName: 'Wolf',
      dateOfBirth: '1990-03-04',
    });
    await answerEveryType(db, store, mia, files);
    const max = await insertPatient(db, {
      email: family,
      firstName: 'Max',
      lastName: 'Wolf',
      dateOfBirth: '1988-07-21',
    });
    await answerEveryType(db, store, max, files);
    // Two people of one address again, for the patient's own erasure.
    const roths = 'roth.family@example.org';
    const noah = await insertPatient(db, { email: roths, firstName: 'Noah', lastName: 'Roth' });
    await answerEveryType(db, store, noah, files);
    const emma = await insertPatient(db, { email: roths, firstName: 'Emma', lastName: 'Roth' });
    await answerEveryType(db, store, emma, files);
    return {
      jonas: { code: patient.code, email },
      family: { email: family, mia, max },
      roths: { noah, emma },
    };
  },
});

describe('patient rights in the browser', () => {
  it('lets a patient download everything stored about them as one ZIP', async () => {
    const { jonas } = e2e.seeded;
    const page = await e2e.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'I have an access code' }).click();
    await page.getByLabel(/^Access code/).fill(jonas.code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/app');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'My data' }).click();
    const file = join(e2e.dataDir, 'my-data.zip');
    await (await download).saveAs(file);
    const { stdout: listing } = await run('unzip', ['-Z1', file]);
    const names = listing.trim().split('\n');
    expect(names).toContain('data.json');
    expect(names.filter((name) => name.startsWith('media/'))).toHaveLength(2);
    const { stdout: json } = await run('unzip', ['-p', file, 'data.json']);
    const data = JSON.parse(json);
    expect(data.patient.email).toBe(jonas.email);
    expect(json).not.toContain('lea.kraus@example.org');
  });

  it('lets an admin erase a patient after typing their e-mail, ending their sessions', async () => {
    const { jonas } = e2e.seeded;
    const patientPage = await e2e.newPage();
    await patientPage.goto('/');
    const signIn = await patientPage.evaluate(async (code) => {
      const reply = await fetch('/api/verify-access-code', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      });
      return (await reply.json()) as { token: string };
    }, jonas.code);

    const page = await e2e.adminPage();
    await page.goto('/admin/responses');
    const patient = page.getByTestId('patient-accordion').filter({ hasText: 'Jonas Becker' });
    await patient.getByRole('button', { name: /Jonas Becker/ }).click();
    await patient.getByRole('button', { name: 'Erase everything of this address…' }).click();
    expect(await page.getByTestId('erase-address-names').innerText()).toContain('Jonas Becker');
    const confirm = page.getByRole('button', { name: 'Erase for good' });
    await page.getByTestId('erase-confirm-email').fill('someone@else.org');
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByTestId('erase-confirm-email').fill(jonas.email);
    await screenshot(page, 'admin-erase-patient-1280');
    await confirm.click();
    await expect
      .poll(() => page.getByTestId('patient-accordion').filter({ hasText: 'Jonas Becker' }).count())
      .toBe(0);
    expect(
      await page.getByTestId('patient-accordion').filter({ hasText: 'Lea Kraus' }).count(),
    ).toBe(1);

    const status = await patientPage.evaluate(async (token) => {
      const reply = await fetch('/api/survey/questions', {
        headers: { authorization: `Bearer ${token}` },
      });
      return reply.status;
    }, signIn.token);
    expect(status).toBe(401);

    // Jonas's photo and video are gone from the store; Lea's, the Wolfs' and the Roths' stay.
    expect(await storedMedia()).toHaveLength(10);
  });

  it("erases one person of a shared address: Mia's record goes, Max's answers and media stay", async () => {
    const { family } = e2e.seeded;
    const page = await e2e.adminPage();
    await page.goto('/admin/responses');
    const group = page.getByTestId('patient-accordion').filter({ hasText: family.email });
    await group.getByRole('button', { name: /Mia Wolf · Max Wolf|Max Wolf · Mia Wolf/ }).click();
    expect(await group.getByTestId('shared-email').innerText()).toContain('2 assessments share');
    const mia = group.getByTestId('access-code').filter({ hasText: 'Mia Wolf' });
    expect(await mia.getByTestId('assessment-patient').innerText()).toBe('Mia Wolf · 4 Mar 1990');
    await mia.getByTestId('access-code-accordion').getByRole('button').first().click();
    await mia.getByRole('button', { name: 'Erase this assessment' }).click();
    const dialog = page.getByRole('dialog');
    const text = await dialog.innerText();
    expect(text).toContain('Erase the assessment of Mia Wolf?');
    expect(text).toContain('born 4 Mar 1990');
    expect(text).toContain('Other assessments of wolf.family@example.org are not touched');
    expect(text).not.toContain('Max');
    const confirm = dialog.getByRole('button', { name: 'Erase this assessment' });
    await page.getByTestId('erase-confirm-name').fill('Max Wolf');
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByTestId('erase-confirm-name').fill('Mia Wolf');
    await screenshot(page, 'admin-erase-assessment-1280');
    await confirm.click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => group.getByTestId('access-code').count()).toBe(1);
    expect(await group.getByTestId('assessment-patient').innerText()).toContain('Max Wolf');

    // Max's answers are all there, and his photo and video still in the store.
    const answers = await apiAsPage<{ responses: unknown[] }>(
      page,
      `/api/admin/assessments/${family.max.assessmentId}/answers`,
    );
    expect(answers.status).toBe(200);
    expect(answers.body.responses.length).toBeGreaterThan(0);
    expect(await storedMedia()).toHaveLength(8);
    const gone = await apiAsPage(page, `/api/admin/assessments/${family.mia.assessmentId}/answers`);
    expect(gone.status).toBe(404);
  });

  it('lets a patient erase their own assessment; the other one of the address stays', async () => {
    const { noah, emma } = e2e.seeded.roths;
    // On a phone, in German, with the invoice beside it (the fullest header a patient has): the
    // header fits, the dialog passes axe and closes with Escape, erasing nothing.
    const phone = await e2e.newPage({ viewport: PHONE, locale: 'de-DE' });
    await phone.route('**/api/me/invoices', (route) =>
      route.fulfill({
        json: {
          invoices: [
            {
              id: 1,
              label: 'RE-2026-0001',
              kind: 'invoice',
              issuedAt: '2026-11-01T10:00:00.000Z',
              totalCents: 4900,
              currency: 'EUR',
            },
          ],
        },
      }),
    );
    await signInWithCode(phone, emma.code, 'Ich habe einen Zugangscode', 'Anmelden');
    const header = phone.locator('header');
    await header.getByRole('button', { name: 'Rechnung' }).waitFor();
    for (const name of ['Rechnung', 'Meine Daten', 'Löschen', 'Abmelden']) {
      const box = (await header.getByRole('button', { name }).boundingBox())!;
      expect(box.x + box.width, name).toBeLessThanOrEqual(PHONE.width);
    }
    await header.getByRole('button', { name: 'Löschen' }).click();
    const phoneDialog = phone.getByRole('dialog', { name: 'Meine Bewertung löschen?' });
    expect(await phoneDialog.innerText()).toContain('die Rechnung, die die Praxis');
    expect(await accessibilityViolations(phone)).toEqual([]);
    await dialogScreenshot(phone, 'patient-erase-own-de-390');
    await phone.keyboard.press('Escape');
    await phoneDialog.waitFor({ state: 'detached' });

    const page = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await signInWithCode(page, noah.code);
    await page.getByRole('button', { name: 'Erase my assessment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase my assessment?' });
    const text = await dialog.innerText();
    for (const goes of ['your answers', 'your photos and videos', 'the evaluation', 'access code'])
      expect(text).toContain(goes);
    expect(text).toMatch(/What stays:\s*the invoice, which the practice must keep by law/);
    const erase = dialog.getByRole('button', { name: 'Erase my assessment' });
    expect(await erase.isDisabled()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialogScreenshot(page, 'patient-erase-own-1440');

    // A failure says so and erases nothing; the dialog stays for another try.
    await page.route('**/api/me/erase', (route) =>
      route.fulfill({ status: 503, json: { message: 'The service is unavailable.' } }),
    );
    // By keyboard alone: Tab reaches the confirmation, Space ticks it, Tab Tab Enter erases.
    const checkbox = dialog.getByRole('checkbox');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await checkbox.isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const alert = dialog.getByRole('alert');
    expect(await alert.innerText()).toContain('The erasure failed; nothing was erased.');
    await screenshot(page, 'patient-erase-own-failed-1440');
    await page.unroute('**/api/me/erase');

    const mediaBefore = (await storedMedia()).length;
    await erase.click();
    await page.getByTestId('session-ended').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByTestId('session-ended').innerText()).toContain(
      'Your assessment has been erased',
    );
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await screenshot(page, 'patient-erase-own-done-1440');

    // The code no longer opens anything, and says why.
    await page.getByRole('button', { name: 'I have an access code' }).click();
    await page.getByLabel(/^Access code/).fill(noah.code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByRole('dialog').innerText())
      .toContain('Your assessment has been erased');

    // Emma's assessment of the same address is untouched: her answers and media remain.
    const admin = await e2e.adminPage();
    const kept = await apiAsPage<{ responses: unknown[] }>(
      admin,
      `/api/admin/assessments/${emma.assessmentId}/answers`,
    );
    expect(kept.status).toBe(200);
    expect(kept.body.responses.length).toBeGreaterThan(0);
    const gone = await apiAsPage(admin, `/api/admin/assessments/${noah.assessmentId}/answers`);
    expect(gone.status).toBe(404);
    // Noah's photo and video are gone from the store; Emma's stay.
    expect(await storedMedia()).toHaveLength(mediaBefore - 2);
  });
});

async function signInWithCode(
  page: Page,
  code: string,
  openLabel = 'I have an access code',
  signInLabel = 'Sign in',
): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: openLabel }).click();
  await page
    .getByRole('dialog')
    .getByRole('textbox', { name: /^(Access code|Zugangscode)/ })
    .fill(code);
  await page.getByRole('button', { name: signInLabel }).click();
  await page.waitForURL('**/app');
}

async function storedMedia(): Promise<string[]> {
  return (await readdir(join(e2e.dataDir, 'media'))).filter((name) => !name.startsWith('.'));
}
