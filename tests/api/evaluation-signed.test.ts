import { describe, expect, it } from 'vitest';
import { submitAssessment } from '../../src/server/modules/assessments/submit-assessment';
import { readMail } from '../helpers/mail';
import { invoicesOf, paidDemoCheckout, pdfText } from '../helpers/invoices';
import { PRACTICE_PROFILE_ENV } from '../helpers/practice-profile';
import { answerScreener } from '../helpers/seed-answers';
import { useAdmin, useTestApp, type TestUser } from '../helpers/test-app';

const t = useTestApp({
  ...PRACTICE_PROFILE_ENV,
  PRACTICE_BOOKING_URL: 'https://praxis.example/termin',
});
const admin = useAdmin(t);
const DENTIST = 'Dr. med. dent. Eva Muster';

const asAdmin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
const get = (patient: TestUser, url: string, language = 'de') =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...patient.headers, 'accept-language': language },
  });

async function evaluated(language: 'en' | 'de'): Promise<TestUser> {
  const patient = await t.createPatient({ firstName: 'Jörg', lastName: 'Ärger', language });
  await answerScreener(t.database.db, patient, [1, 1, 1, 0, 0, 0]);
  await submitAssessment(t.app.deps, patient.assessmentId, new Date('2026-11-20T09:15:00Z'));
  const url = `/api/admin/assessments/${patient.assessmentId}/evaluation`;
  const [, signs] = (await asAdmin('GET', '/api/admin/evaluation-conclusions')).json();
  expect(
    (
      await asAdmin('PUT', url, {
        conclusionId: signs.id,
        findings: 'Befund',
        recommendations: 'Untersuchung',
      })
    ).statusCode,
  ).toBe(200);
  expect((await asAdmin('POST', `${url}/send`)).statusCode).toBe(200);
  return patient;
}

describe('the dentist signs the evaluation', () => {
  it('lets an admin set the name they sign with; a patient cannot', async () => {
    const set = await asAdmin('PUT', '/api/admin/profile', { displayName: `  ${DENTIST} ` });
    expect(set.statusCode).toBe(200);
    expect(set.json().displayName).toBe(DENTIST);
    expect((await asAdmin('GET', '/api/admin/profile')).json().displayName).toBe(DENTIST);
    const patient = await t.createPatient();
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/profile',
      headers: patient.headers,
      payload: { displayName: 'Dr. Fake' },
    });
    expect(refused.statusCode).toBe(403);
    const empty = await asAdmin('PUT', '/api/admin/profile', { displayName: '   ' });
    expect(empty.statusCode).toBe(400);
  });

  it('names the dentist, the practice and the day on the page and in the PDF, in German', async () => {
    await asAdmin('PUT', '/api/admin/profile', { displayName: DENTIST });
    const patient = await evaluated('de');
    const addendum = await asAdmin(
      'POST',
      `/api/admin/assessments/${patient.assessmentId}/evaluation/addenda`,
      { text: 'Bitte Aufbissschiene mitbringen.' },
    );
    expect(addendum.statusCode).toBe(200);
    // A later rename changes nothing already sent.
    await asAdmin('PUT', '/api/admin/profile', { displayName: 'Dr. Eva Muster-Neu' });

    const page = (await get(patient, '/api/survey/assessment')).json();
    expect(page.evaluation.evaluatedBy).toBe(DENTIST);
    expect(page.evaluation.addenda[0].author).toBe(DENTIST);
    const contact = {
      name: 'Zahnarztpraxis Dr. Eva Muster',
      phone: '+49 30 1234567',
      email: 'praxis@zahnarzt-muster.de',
      bookingUrl: 'https://praxis.example/termin',
    };
    expect(page.evaluation.contact).toEqual(contact);
    expect(page.contact).toEqual(contact);

    const pdf = await get(patient, '/api/survey/assessment/evaluation.pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain('filename="Befund.pdf"');
    const text = await pdfText(pdf.rawPayload, 'evaluation-signed-de');
    for (const expected of [
      'Zahnarztpraxis Dr. Eva Muster',
      'Friedrichstraße 12',
      '10117 Berlin',
      'Steuernummer 27/123/45678',
      `Ausgewertet von ${DENTIST}, Zahnarztpraxis Dr. Eva Muster, am`,
      `von ${DENTIST}`,
      'So erreichen Sie die Praxis',
      'praxis@zahnarzt-muster.de',
      'https://praxis.example/termin',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Muster-Neu');

    // Every mail ends with who sent it.
    const mails = (await t.outbox()).map(readMail).filter((m) => m.to.includes(patient.email));
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(mail.text).toContain(
        'Zahnarztpraxis Dr. Eva Muster\nFriedrichstraße 12, 10117 Berlin',
      );
      expect(mail.html).toContain('Friedrichstraße 12, 10117 Berlin');
    }
  });

  it('signs in English for an English patient, with English file names', async () => {
    await asAdmin('PUT', '/api/admin/profile', { displayName: DENTIST });
    const patient = await evaluated('en');
    const pdf = await get(patient, '/api/survey/assessment/evaluation.pdf', 'en');
    expect(pdf.headers['content-disposition']).toContain('filename="evaluation.pdf"');
    const text = await pdfText(pdf.rawPayload, 'evaluation-signed-en');
    expect(text).toContain(`Evaluated by ${DENTIST}, Zahnarztpraxis Dr. Eva Muster,`);
    expect(text).toContain('Contact the practice');
    expect(text).toContain('Tax number 27/123/45678');
  });
});

describe('file names in the language of the file', () => {
  it('calls a German invoice Rechnung-<number>.pdf and the export meine-daten.zip', async () => {
    const paid = await paidDemoCheckout(t, { language: 'de' });
    const [invoice] = await invoicesOf(t.database.db, paid.assessmentId);
    const reply = await t.app.inject({
      method: 'GET',
      url: `/api/me/invoices/${invoice!.id}/pdf`,
      headers: paid.headers,
    });
    expect(reply.headers['content-disposition']).toContain(
      `filename="Rechnung-${invoice!.label}.pdf"`,
    );
    const patient = await t.createPatient({ language: 'de' });
    const zip = await get(patient, '/api/me/export.zip', 'de');
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-disposition']).toContain('filename="meine-daten.zip"');
    const english = await get(patient, '/api/me/export.zip', 'en');
    expect(english.headers['content-disposition']).toContain('filename="my-assessment-data.zip"');
  });
});
