import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assessments } from '../../src/server/schema';
import {
  DEFAULT_TERMS_VERSION,
  DEFAULT_WITHDRAWAL_VERSION,
  insertPromoCode,
  patientDetails,
} from '../helpers/payments';
import { createTestApp, useTestApp } from '../helpers/test-app';

const t = useTestApp({
  PRACTICE_NAME: 'Praxis Dr. Muster',
  PRACTICE_ADDRESS: 'Friedrichstraße 12|10117 Berlin',
  PRACTICE_EMAIL: 'praxis@example.de',
});

const page = (name: string, app = t.app) =>
  app.inject({ method: 'GET', url: `/api/legal/${name}` });

const freeCheckout = (details: Record<string, unknown>, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/verify-payment',
    headers: { 'accept-language': 'de' },
    payload: { ...details, couponCode: code, language: 'de' },
  });

describe('legal pages', () => {
  it('serves the shipped terms and withdrawal information in both languages, versioned', async () => {
    const terms = (await page('terms')).json();
    expect(terms.version).toBe(DEFAULT_TERMS_VERSION);
    expect(terms.text.en).toMatch(/^# Terms and conditions/);
    expect(terms.text.de).toMatch(/^# Allgemeine Geschäftsbedingungen/);
    const withdrawal = (await page('withdrawal')).json();
    expect(withdrawal.version).toBe(DEFAULT_WITHDRAWAL_VERSION);
    expect(withdrawal.text.de).toContain('§ 356 Abs. 4 BGB');
    expect(withdrawal.text.en).toContain('Model withdrawal form');
    expect((await page('nonsense')).statusCode).toBe(400);
  });

  it('builds the default imprint from the configured practice, and nothing else', async () => {
    const imprint = (await page('imprint')).json();
    expect(imprint.text.de).toContain('- Praxis Dr. Muster\n- Friedrichstraße 12\n- 10117 Berlin');
    expect(imprint.text.de).toContain('E-Mail: praxis@example.de');
    expect(imprint.text.de).not.toContain('Steuernummer');
  });

  it('takes the operator’s files from DATA_DIR, with a new version', async () => {
    const dataDirApp = await createTestApp();
    try {
      const dir = dataDirApp.config.dataDir;
      await writeFile(join(dir, 'terms.en.md'), '# Our terms\n\nBe kind.');
      await writeFile(join(dir, 'terms.de.md'), '# Unsere AGB\n\nSeien Sie freundlich.');
      // Read at start: a new app on the same directory serves them.
      const restarted = await createTestApp({ DATA_DIR: dir });
      try {
        const terms = (await page('terms', restarted.app)).json();
        expect(terms.text).toEqual({
          en: '# Our terms\n\nBe kind.',
          de: '# Unsere AGB\n\nSeien Sie freundlich.',
        });
        expect(terms.version).not.toBe(DEFAULT_TERMS_VERSION);
      } finally {
        await restarted.close();
      }
    } finally {
      await dataDirApp.close();
    }
  });

  it('requires agreeing to the terms and the immediate start, and stores both versions', async () => {
    await insertPromoCode(t.database.db, { code: 'AGB-A', amountCents: 9900 });
    const withoutTerms = await freeCheckout(
      { ...patientDetails('no-terms'), terms: false },
      'AGB-A',
    );
    expect(withoutTerms.statusCode).toBe(400);
    const withoutWaiver = await freeCheckout(
      { ...patientDetails('no-waiver'), withdrawalWaiver: false },
      'AGB-A',
    );
    expect(withoutWaiver.statusCode).toBe(400);
    const stale = await freeCheckout({ ...patientDetails('stale'), termsVersion: 'old' }, 'AGB-A');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toMatch(/AGB oder die Widerrufsbelehrung haben sich geändert/);

    const details = patientDetails('agreed');
    expect((await freeCheckout(details, 'AGB-A')).statusCode).toBe(200);
    const [assessment] = await t.database.db
      .select()
      .from(assessments)
      .where(eq(assessments.email, details.email));
    expect(assessment).toMatchObject({
      termsVersion: DEFAULT_TERMS_VERSION,
      withdrawalVersion: DEFAULT_WITHDRAWAL_VERSION,
    });
  });
});
