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
import { PRACTICE_PROFILE_ENV } from '../helpers/practice-profile';
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
    expect(imprint.text.de).not.toContain('Kammer');
  });

  it('gives the imprint § 5 DDG asks of a dental practice, in English and German', async () => {
    const full = await createTestApp({
      ...PRACTICE_PROFILE_ENV,
      PRACTICE_VAT_ID: 'DE123456789',
      PRACTICE_CHAMBER: 'Zahnärztekammer Berlin, Stallstraße 1, 10585 Berlin',
      PRACTICE_SUPERVISORY_AUTHORITY: 'Landesamt für Gesundheit und Soziales Berlin',
      PRACTICE_PROFESSIONAL_TITLE: 'Zahnärztin',
      PRACTICE_TITLE_STATE: 'Bundesrepublik Deutschland',
      PRACTICE_REGULATIONS_NAME: 'Berufsordnung der Zahnärztekammer Berlin',
      PRACTICE_REGULATIONS_URL: 'https://www.zaek-berlin.de/berufsordnung',
    });
    try {
      const { text } = (await page('imprint', full.app)).json();
      for (const language of ['en', 'de'] as const) {
        for (const part of [
          'Zahnarztpraxis Dr. Eva Muster',
          'Friedrichstraße 12',
          '10117 Berlin',
          'praxis@zahnarzt-muster.de',
          '+49 30 1234567',
          '27/123/45678',
          'DE123456789',
          'Zahnärztekammer Berlin, Stallstraße 1',
          'Landesamt für Gesundheit und Soziales Berlin',
          'Zahnärztin (Bundesrepublik Deutschland)',
          'Berufsordnung der Zahnärztekammer Berlin (https://www.zaek-berlin.de/berufsordnung)',
        ]) {
          expect(text[language]).toContain(part);
        }
      }
      expect(text.en).toContain('VAT ID (§ 27a UStG): DE123456789');
      expect(text.de).toContain('USt-IdNr. (§ 27a UStG): DE123456789');
      expect(text.de).toContain('Berufsbezeichnung: Zahnärztin');
      expect(text.en).toContain('Professional title: Zahnärztin');

      // The privacy notice names the controller, the withdrawal information the address.
      const notice = (await full.app.inject({ method: 'GET', url: '/api/privacy-notice' })).json();
      expect(notice.text.de).toContain('- Zahnarztpraxis Dr. Eva Muster\n- Friedrichstraße 12');
      expect(notice.text.en).not.toContain('in the e-mails you receive');
      const withdrawal = (await page('withdrawal', full.app)).json();
      expect(withdrawal.text.en).toContain(
        'To: Zahnarztpraxis Dr. Eva Muster, Friedrichstraße 12, 10117 Berlin, E-mail: praxis@zahnarzt-muster.de',
      );
      expect(withdrawal.text.de).toContain('- Friedrichstraße 12');
      expect(withdrawal.text.de).not.toContain('{{');
      // The address is filled in; what the patient agrees to keeps its version.
      expect(withdrawal.version).toBe(DEFAULT_WITHDRAWAL_VERSION);
    } finally {
      await full.close();
    }
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
