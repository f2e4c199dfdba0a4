import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalMediaStore } from '../../src/server/media/media-store';
import { seedAdmin, signInAsAdmin, type AdminLogin } from '../helpers/admin-browser';
import { answerEveryType, insertPatient } from '../helpers/admin-seed';
import { launchBrowser, newContext, screenshot } from '../helpers/browser';
import { makeSampleMedia } from '../helpers/sample-media';
import {
  mediaKeyOf,
  newDataDir,
  removeDataDir,
  startServer,
  withDataDirDatabase,
  type ServerProcess,
} from '../helpers/server-process';

const run = promisify(execFile);
let browser: Browser;
let server: ServerProcess;
let dataDir: string;
let admin: AdminLogin;
let jonas: { code: string; email: string };

beforeAll(async () => {
  dataDir = await newDataDir();
  browser = await launchBrowser();
  const files = await makeSampleMedia(browser);
  await withDataDirDatabase(dataDir, async (db) => {
    admin = await seedAdmin(db);
    const media = createLocalMediaStore(join(dataDir, 'media'), await mediaKeyOf(dataDir));
    const email = 'jonas.becker@example.org';
    const patient = await insertPatient(db, { email, firstName: 'Jonas', lastName: 'Becker' });
    await answerEveryType(db, media, patient, files);
    jonas = { code: patient.code, email };
    const other = await insertPatient(db, {
      email: 'lea.kraus@example.org',
      firstName: 'Lea',
      lastName: 'Kraus',
    });
    await answerEveryType(db, media, other, files);
  });
  server = await startServer({ dataDir });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await removeDataDir(dataDir);
});

describe('patient rights in the browser', () => {
  it('lets a patient download everything stored about them as one ZIP', async () => {
    const context = await newContext(browser, { baseURL: server.baseUrl });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'I have an access code' }).click();
    await page.getByLabel(/^Access code/).fill(jonas.code);
    await page.getByRole('button', { name: 'Continue assessment' }).click();
    await page.waitForURL('**/app');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'My data' }).click();
    const file = join(dataDir, 'my-data.zip');
    await (await download).saveAs(file);
    const { stdout: listing } = await run('unzip', ['-Z1', file]);
    const names = listing.trim().split('\n');
    expect(names).toContain('data.json');
    expect(names.filter((name) => name.startsWith('media/'))).toHaveLength(2);
    const { stdout: json } = await run('unzip', ['-p', file, 'data.json']);
    const data = JSON.parse(json);
    expect(data.patient.email).toBe(jonas.email);
    expect(json).not.toContain('lea.kraus@example.org');
    await context.close();
  });

  it('lets an admin erase a patient after typing their e-mail, ending their sessions', async () => {
    const patientContext = await newContext(browser, { baseURL: server.baseUrl });
    const patientPage = await patientContext.newPage();
    await patientPage.goto('/');
    const signIn = await patientPage.evaluate(async (code) => {
      const reply = await fetch('/api/verify-access-code', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      });
      return (await reply.json()) as { token: string };
    }, jonas.code);

    const context = await newContext(browser, { baseURL: server.baseUrl });
    const page = await context.newPage();
    await signInAsAdmin(page, admin);
    await page.goto('/admin/responses');
    const patient = page.getByTestId('patient-accordion').filter({ hasText: 'Jonas Becker' });
    await patient.getByRole('button', { name: /Jonas Becker/ }).click();
    await patient.getByRole('button', { name: 'Erase patient…' }).click();
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

    // Jonas's photo and video are gone from the store; Lea's stay.
    const stored = (await readdir(join(dataDir, 'media'))).filter((name) => !name.startsWith('.'));
    expect(stored).toHaveLength(2);
    await context.close();
    await patientContext.close();
  });
});
