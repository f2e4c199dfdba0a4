import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  assessments,
  auditLog,
  evaluationAddenda,
  evaluations,
  answers,
} from '../../src/server/schema';
import { submitAssessment } from '../../src/server/modules/assessments/submit-assessment';
import { readMail } from '../helpers/mail';
import { writeLogo } from '../helpers/practice-logo';
import { answerScreener, firstQuestionOfType, storedAnswer } from '../helpers/seed-answers';
import { assessmentById, useAdmin, useTestApp, type TestUser } from '../helpers/test-app';

const run = promisify(execFile);
const dir = await mkdtemp(join(tmpdir(), 'cmd-evaluation-'));
const logo = await writeLogo(join(dir, 'logo.png'));
const t = useTestApp({
  PRACTICE_EMAIL: 'practice@dental.example',
  PRACTICE_NAME: 'Zahnarztpraxis Dr. Muster',
  PRACTICE_ADDRESS: 'Hauptstraße 1 | 10115 Berlin',
  PRACTICE_PHONE: '+49 30 1234567',
  PRACTICE_LOGO: logo,
  PRACTICE_BOOKING_URL: 'https://praxis.example/termin',
});
const admin = useAdmin(t);
const ANSWER_TEXT = 'Clicking jaw joint since the skiing accident';
const FINDINGS = 'Pain on the left masseter, limited opening.\nNo locking reported.';
const RECOMMENDATIONS = 'Clinical function analysis within four weeks.';

async function submittedPatient(language: 'en' | 'de' = 'en'): Promise<TestUser> {
  const patient = await t.createPatient({ firstName: 'Jörg', lastName: 'Ärger', language });
  await answerScreener(t.database.db, patient, [1, 1, 1, 0, 0, 0]);
  const text = await firstQuestionOfType(t.database.db, 'text');
  await t.database.db.insert(answers).values({
    userId: patient.id,
    assessmentId: patient.assessmentId,
    questionId: text.id,
    ...storedAnswer({ answerText: ANSWER_TEXT }),
  });
  await submitAssessment(t.app.deps, patient.assessmentId, new Date('2026-11-20T09:15:00Z'));
  return patient;
}

const asAdmin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, lang = 'en') =>
  t.app.inject({
    method,
    url,
    headers: { ...admin.headers, 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });
const asPatient = (patient: TestUser, url: string) =>
  t.app.inject({ method: 'GET', url, headers: patient.headers });
const evaluationUrl = (id: number) => `/api/admin/assessments/${id}/evaluation`;

async function conclusions(lang = 'en'): Promise<{ id: number; text: string }[]> {
  return (await asAdmin('GET', '/api/admin/evaluation-conclusions', undefined, lang)).json();
}

async function writeAndSend(patient: TestUser, extra: object = {}) {
  const [, signs] = await conclusions();
  const draft = await asAdmin('PUT', evaluationUrl(patient.assessmentId), {
    conclusionId: signs!.id,
    findings: FINDINGS,
    recommendations: RECOMMENDATIONS,
    ...extra,
  });
  expect(draft.statusCode).toBe(200);
  return asAdmin('POST', `${evaluationUrl(patient.assessmentId)}/send`);
}

async function auditActions(assessmentId: number): Promise<string[]> {
  const rows = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.assessmentId, assessmentId))
    .orderBy(asc(auditLog.id));
  return rows.map((row) => row.action);
}

async function pdfText(body: Buffer, name: string): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, body);
  return (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout;
}

describe('the conclusion list', () => {
  it('has the three defaults in the admin language', async () => {
    expect((await conclusions('en')).map((c) => c.text)).toEqual([
      'No signs of CMD',
      'Signs of CMD: clinical examination recommended',
      'Marked signs of CMD: prompt examination recommended',
    ]);
    expect((await conclusions('de')).map((c) => c.text)[0]).toBe('Keine Anzeichen einer CMD');
  });

  it('is edited in both languages; patients are refused', async () => {
    const created = await asAdmin('POST', '/api/admin/evaluation-conclusions', {
      en: 'Bruxism without CMD',
      de: 'Bruxismus ohne CMD',
    });
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    const changed = await asAdmin('PUT', `/api/admin/evaluation-conclusions/${id}`, {
      en: 'Bruxism, no CMD',
      de: 'Bruxismus, keine CMD',
    });
    expect(changed.json()).toEqual({ id, en: 'Bruxism, no CMD', de: 'Bruxismus, keine CMD' });
    expect((await conclusions('de')).at(-1)).toEqual({ id, text: 'Bruxismus, keine CMD' });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/evaluation-conclusions/${id}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await conclusions()).some((c) => c.id === id)).toBe(false);

    const patient = await t.createPatient();
    const refused = await asPatient(patient, '/api/admin/evaluation-conclusions');
    expect(refused.statusCode).toBe(403);
  });
});

describe('a refunded assessment', () => {
  it('has no due date for the dentist (nor an overdue one)', async () => {
    const patient = await submittedPatient();
    await t.database.db
      .update(assessments)
      .set({ cancelledAt: new Date('2026-11-21T10:00:00Z') })
      .where(eq(assessments.id, patient.assessmentId));
    const opened = await asAdmin('GET', evaluationUrl(patient.assessmentId));
    expect(opened.statusCode).toBe(200);
    expect(opened.json().dueOn).toBeNull();
  });
});

describe('the practice calendar', () => {
  it('tells the browser the time zone every date is shown in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/practice-calendar' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ timeZone: 'Europe/Berlin' });
  });
});

describe('writing and sending an evaluation', () => {
  it('opening moves the assessment into review; the patient sees the status meanwhile', async () => {
    const patient = await submittedPatient();
    const status = await asPatient(patient, '/api/survey/assessment');
    expect(status.json()).toEqual({
      status: 'submitted',
      submittedAt: '2026-11-20T09:15:00.000Z',
      dueOn: '2026-11-24',
      evaluation: null,
      contact: expect.objectContaining({ name: 'Zahnarztpraxis Dr. Muster' }),
    });
    expect((await asPatient(patient, '/api/survey/assessment/evaluation.pdf')).statusCode).toBe(
      404,
    );

    const opened = await asAdmin('GET', evaluationUrl(patient.assessmentId));
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ status: 'in_review', sentAt: null, findings: '' });
    expect((await assessmentById(t.database, patient.assessmentId))!.status).toBe('in_review');
    // The queue shows who is working on it.
    const queue = (await asAdmin('GET', '/api/admin/review-queue')).json();
    const queued = queue.assessments.find((a: { id: number }) => a.id === patient.assessmentId);
    expect(queued).toMatchObject({ status: 'in_review', reviewStartedBy: admin.email });
    expect((await asPatient(patient, '/api/survey/assessment')).json().status).toBe('in_review');
  });

  it('saves the draft and previews it in the patient language', async () => {
    const patient = await submittedPatient('de');
    const [, signs] = await conclusions('en');
    const saved = await asAdmin('PUT', evaluationUrl(patient.assessmentId), {
      conclusionId: signs!.id,
      findings: FINDINGS,
      recommendations: RECOMMENDATIONS,
      callToAction: true,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      status: 'in_review',
      patientLanguage: 'de',
      conclusionId: signs!.id,
      findings: FINDINGS,
      preview: {
        conclusion: 'Anzeichen einer CMD: klinische Untersuchung empfohlen',
        findings: FINDINGS,
        recommendations: RECOMMENDATIONS,
        sentAt: null,
        callToAction: { bookingUrl: 'https://praxis.example/termin', phone: '+49 30 1234567' },
      },
    });
    // Reopened, the editor finds the draft as it was saved.
    expect((await asAdmin('GET', evaluationUrl(patient.assessmentId))).json().findings).toBe(
      FINDINGS,
    );
    // Not sent yet: the patient still sees none of it.
    expect((await asPatient(patient, '/api/survey/assessment')).json().evaluation).toBeNull();
  });

  it('sends once, becomes read-only, e-mails the patient without health data', async () => {
    const patient = await submittedPatient('de');
    const before = (await t.outbox()).length;
    const sent = await writeAndSend(patient);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'evaluated', sentBy: admin.email });

    const row = await assessmentById(t.database, patient.assessmentId);
    expect(row!.status).toBe('evaluated');
    expect(row!.evaluatedAt).not.toBeNull();

    const again = await asAdmin('POST', `${evaluationUrl(patient.assessmentId)}/send`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already been sent/);
    const edit = await asAdmin('PUT', evaluationUrl(patient.assessmentId), {
      conclusionId: null,
      findings: 'changed',
      recommendations: '',
    });
    expect(edit.statusCode).toBe(409);

    const mails = (await t.outbox()).slice(before).map(readMail);
    const ready = mails.filter((m) => m.to.includes(patient.email));
    expect(ready).toHaveLength(1);
    expect(ready[0]!.subject).toBe('Ihre Auswertung liegt vor');
    expect(ready[0]!.text).toContain(`${t.config.publicUrl}/`);
    for (const mail of ready) {
      for (const secret of [ANSWER_TEXT, 'Anzeichen', 'CMD:', 'masseter', 'function analysis']) {
        expect(mail.text).not.toContain(secret);
        expect(mail.html).not.toContain(secret);
        expect(mail.subject).not.toContain(secret);
      }
    }
  });

  it('lets the patient read it, with addenda, and download the PDF; in German', async () => {
    const patient = await submittedPatient('de');
    await writeAndSend(patient, { callToAction: true });
    const addendum = await asAdmin('POST', `${evaluationUrl(patient.assessmentId)}/addenda`, {
      text: 'Bitte bringen Sie Ihre Aufbissschiene mit.',
    });
    expect(addendum.statusCode).toBe(200);
    expect(addendum.json().addenda).toHaveLength(1);
    // The patient is told there is an addendum, without its text.
    const told = (await t.outbox())
      .map(readMail)
      .filter(
        (m) => m.to.includes(patient.email) && m.subject === 'Ein Nachtrag zu Ihrer Auswertung',
      );
    expect(told).toHaveLength(1);
    expect(told[0]!.text).not.toContain('Aufbissschiene');
    expect(told[0]!.html).not.toContain('Aufbissschiene');

    const reply = await asPatient(patient, '/api/survey/assessment');
    expect(reply.json()).toMatchObject({
      status: 'evaluated',
      evaluation: {
        conclusion: 'Anzeichen einer CMD: klinische Untersuchung empfohlen',
        findings: FINDINGS,
        recommendations: RECOMMENDATIONS,
        addenda: [{ text: 'Bitte bringen Sie Ihre Aufbissschiene mit.' }],
      },
    });

    const pdf = await asPatient(patient, '/api/survey/assessment/evaluation.pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('no-store');
    const text = await pdfText(pdf.rawPayload, 'auswertung.pdf');
    for (const expected of [
      'Zahnarztpraxis Dr. Muster',
      'Hauptstraße 1',
      '10115 Berlin',
      '+49 30 1234567',
      'Zahnärztliche Auswertung',
      'Jörg Ärger',
      'Schlussfolgerung',
      'Anzeichen einer CMD: klinische Untersuchung empfohlen',
      'Pain on the left masseter',
      'Empfehlungen',
      'Nachtrag vom',
      'Aufbissschiene',
      'https://praxis.example/termin',
      'keine Diagnose',
      '112 / 116117',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain(ANSWER_TEXT);

    expect(await auditActions(patient.assessmentId)).toEqual(
      expect.arrayContaining([
        'evaluation.draft',
        'evaluation.send',
        'evaluation.addendum',
        'evaluation.read',
        'evaluation.pdf',
      ]),
    );
  });

  it('prints the PDF in English for an English patient', async () => {
    const patient = await submittedPatient('en');
    await writeAndSend(patient);
    const pdf = await asPatient(patient, '/api/survey/assessment/evaluation.pdf');
    const text = await pdfText(pdf.rawPayload, 'evaluation.pdf');
    for (const expected of [
      "Dentist's evaluation",
      'Conclusion',
      'Signs of CMD: clinical examination recommended',
      'Findings',
      'Recommendations',
      'not a diagnosis',
      'Zahnarztpraxis Dr. Muster',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Next step'); // no call to action chosen
  });

  it('keeps the wording it was sent with when the list changes later', async () => {
    const patient = await submittedPatient('en');
    await writeAndSend(patient);
    const [, signs] = await conclusions();
    await asAdmin('PUT', `/api/admin/evaluation-conclusions/${signs!.id}`, {
      en: 'Signs of CMD: examination advised',
      de: 'Anzeichen einer CMD: Untersuchung angeraten',
    });
    const reply = await asPatient(patient, '/api/survey/assessment');
    expect(reply.json().evaluation.conclusion).toBe(
      'Signs of CMD: clinical examination recommended',
    );
    await asAdmin('PUT', `/api/admin/evaluation-conclusions/${signs!.id}`, {
      en: 'Signs of CMD: clinical examination recommended',
      de: 'Anzeichen einer CMD: klinische Untersuchung empfohlen',
    });
  });

  it('refuses what does not fit the state, with messages in the admin language', async () => {
    const unfinished = await t.createPatient();
    const early = await asAdmin('PUT', evaluationUrl(unfinished.assessmentId), {
      conclusionId: null,
      findings: '',
      recommendations: '',
    });
    expect(early.statusCode).toBe(409);

    const patient = await submittedPatient();
    const noConclusion = await asAdmin(
      'POST',
      `${evaluationUrl(patient.assessmentId)}/send`,
      undefined,
      'de',
    );
    expect(noConclusion.statusCode).toBe(409);
    expect(noConclusion.json().message).toBe(
      'Wählen Sie eine Schlussfolgerung, bevor Sie die Auswertung senden.',
    );
    const addendumFirst = await asAdmin('POST', `${evaluationUrl(patient.assessmentId)}/addenda`, {
      text: 'Too early',
    });
    expect(addendumFirst.statusCode).toBe(409);
    const unknownConclusion = await asAdmin('PUT', evaluationUrl(patient.assessmentId), {
      conclusionId: 999_999,
      findings: '',
      recommendations: '',
    });
    expect(unknownConclusion.statusCode).toBe(400);
    const missing = await asAdmin('GET', evaluationUrl(999_999));
    expect(missing.statusCode).toBe(404);
    const controlCharacters = await asAdmin('PUT', evaluationUrl(patient.assessmentId), {
      conclusionId: null,
      findings: 'a\u0000b',
      recommendations: '',
    });
    expect(controlCharacters.statusCode).toBe(400);
  });

  it('concurrent sends: exactly one succeeds, one mail', async () => {
    const patient = await submittedPatient();
    const [, signs] = await conclusions();
    await asAdmin('PUT', evaluationUrl(patient.assessmentId), {
      conclusionId: signs!.id,
      findings: FINDINGS,
      recommendations: RECOMMENDATIONS,
    });
    const before = (await t.outbox()).length;
    const replies = await Promise.all(
      [1, 2, 3].map(() => asAdmin('POST', `${evaluationUrl(patient.assessmentId)}/send`)),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const mails = (await t.outbox()).slice(before).map(readMail);
    expect(mails.filter((m) => m.to.includes(patient.email))).toHaveLength(1);
  });
});

describe('the patient export and erasure', () => {
  it('exports the sent evaluation; erasing the patient removes it with its addenda', async () => {
    const patient = await submittedPatient('de');
    await writeAndSend(patient);
    await asAdmin('POST', `${evaluationUrl(patient.assessmentId)}/addenda`, { text: 'Nachtrag' });
    const zip = await asPatient(patient, '/api/me/export.zip');
    const file = join(dir, `export-${patient.assessmentId}.zip`);
    await writeFile(file, zip.rawPayload);
    const { stdout } = await run('unzip', ['-p', file, 'data.json']);
    expect(JSON.parse(stdout).evaluation).toMatchObject({
      conclusion: 'Anzeichen einer CMD: klinische Untersuchung empfohlen',
      findings: FINDINGS,
      addenda: [{ text: 'Nachtrag' }],
    });

    const erased = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/patients/${patient.id}`,
      headers: admin.headers,
      payload: { confirmEmail: patient.email },
    });
    expect(erased.statusCode).toBe(200);
    const left = await Promise.all([
      t.database.db
        .select()
        .from(evaluations)
        .where(eq(evaluations.assessmentId, patient.assessmentId)),
      t.database.db
        .select()
        .from(evaluationAddenda)
        .where(eq(evaluationAddenda.assessmentId, patient.assessmentId)),
    ]);
    expect(left.map((rows) => rows.length)).toEqual([0, 0]);
  });
});

describe('a patient reads only their own evaluation', () => {
  it('sees their assessment, never another one', async () => {
    const owner = await submittedPatient();
    await writeAndSend(owner);
    const other = await submittedPatient();
    const theirs = await asPatient(other, '/api/survey/assessment');
    expect(theirs.json().evaluation).toBeNull();
    expect(JSON.stringify(theirs.json())).not.toContain('masseter');
    const pdf = await asPatient(other, '/api/survey/assessment/evaluation.pdf');
    expect(pdf.statusCode).toBe(404);
    // An admin session is no way around it either: the patient routes read the session's own.
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/survey/assessment' });
    expect(anonymous.statusCode).toBe(401);
  });
});
