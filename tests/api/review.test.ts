import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assessments, answers } from '../../src/server/schema';
import { submitAssessment } from '../../src/server/modules/assessments/submit-assessment';
import { readMail } from '../helpers/mail';
import { answerScreener, firstQuestionOfType, storedAnswer } from '../helpers/seed-answers';
import { useAdmin, useTestApp, type TestUser } from '../helpers/test-app';
import { csvRecords } from '../helpers/csv';

const run = promisify(execFile);
const t = useTestApp({ PRACTICE_EMAIL: 'practice@dental.example' });
const admin = useAdmin(t);
const FRIDAY = new Date('2026-11-20T09:15:00Z');
const TRICKY_TEXT = 'Pain when chewing, "mostly" on the left;\nworse in the morning, since 2024';

async function completedPatient(screenerPoints: number[], completedAt = FRIDAY): Promise<TestUser> {
  const patient = await t.createPatient({
    firstName: 'Maria',
    lastName: 'Muster',
    dateOfBirth: '1980-04-02',
  });
  await answerScreener(t.database.db, patient, screenerPoints);
  const text = await firstQuestionOfType(t.database.db, 'text');
  await t.database.db.insert(answers).values({
    userId: patient.id,
    assessmentId: patient.assessmentId,
    questionId: text.id,
    ...storedAnswer({ answerText: TRICKY_TEXT }),
  });
  await submitAssessment(t.app.deps, patient.assessmentId, completedAt);
  return patient;
}

const asAdmin = (url: string) => t.app.inject({ method: 'GET', url, headers: admin.headers });
const queue = async (view = 'open') =>
  (await asAdmin(`/api/admin/review-queue?view=${view}`)).json();
const reportOf = (assessmentId: number) =>
  asAdmin(`/api/admin/assessments/${assessmentId}/report.pdf`);
const setStatus = (assessmentId: number, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/assessments/${assessmentId}/status`,
    headers: admin.headers,
    payload,
  });

describe('submitting an assessment', () => {
  it('is due two working days later and notifies the practice once, without health data', async () => {
    const before = (await t.outbox()).length;
    const patient = await completedPatient([1, 1, 0, 1, 0, 0]);
    expect(await submitAssessment(t.app.deps, patient.assessmentId, FRIDAY)).toBe(false);

    const [row] = await t.database.db
      .select()
      .from(assessments)
      .where(eq(assessments.id, patient.assessmentId));
    expect(row!.status).toBe('submitted');
    expect(row!.dueAt?.toISOString()).toBe('2026-11-24T09:15:00.000Z');

    const mails = (await t.outbox()).slice(before);
    expect(mails).toHaveLength(1);
    // The due time as the Berlin practice reads it, with the zone named, in both languages.
    const mail = readMail(mails[0]!);
    expect(mail.text).toContain('The evaluation is due on 24 Nov 2026, 10:15 CET.');
    expect(mail.text).toContain('Die Auswertung ist fällig am 24. Nov. 2026, 10:15 MEZ.');
    expect(mails[0]).toContain('practice@dental.example');
    expect(mails[0]).toContain(`#${patient.assessmentId}`);
    expect(mails[0]).toContain('/admin/review');
    expect(mails[0]).not.toContain('Muster');
    expect(mails[0]).not.toContain('chewing');
  });
});

describe('review queue', () => {
  it('lists open assessments by due date with the screener score and overdue flag', async () => {
    const late = await completedPatient([2, 1, 1, 1, 1, 1], new Date('2025-10-17T09:15:00Z'));
    const fresh = await completedPatient([0, 0, 0, 0, 0, 0], new Date());
    const body = await queue();
    const find = (id: number) => body.assessments.find((a: { id: number }) => a.id === id);
    expect(find(fresh.assessmentId).overdue).toBe(false);
    expect(find(late.assessmentId)).toMatchObject({
      status: 'submitted',
      dueAt: '2025-10-21T09:15:00.000Z',
      overdue: true,
      // Two patients, one assessment each: neither shares an address with anyone.
      patient: { firstName: 'Maria', lastName: 'Muster', assessmentsWithEmail: 1 },
      screener: { score: 7, maxScore: 7, cutoff: 3, positive: true },
    });
    expect(find(fresh.assessmentId).patient.assessmentsWithEmail).toBe(1);
    const dues = body.assessments.map((a: { dueAt: string }) => a.dueAt);
    expect([...dues].sort()).toEqual(dues);
  });

  it('shows no score when a screener item is unanswered', async () => {
    const patient = await completedPatient([1, 1, 1, 1, 1]);
    const entry = (await queue()).assessments.find(
      (a: { id: number }) => a.id === patient.assessmentId,
    );
    expect(entry.screener).toBeNull();
  });

  it('moves an assessment to review by hand, and to evaluated only by sending its evaluation', async () => {
    const patient = await completedPatient([0, 0, 0, 0, 0, 0]);
    const inReview = await setStatus(patient.assessmentId, { status: 'in_review' });
    expect(inReview.statusCode).toBe(200);
    expect(inReview.json().status).toBe('in_review');

    // Marking it evaluated without sending would leave the patient waiting for nothing.
    const byHand = await setStatus(patient.assessmentId, {
      status: 'evaluated',
      evaluationSentOn: '2026-11-23',
    });
    expect(byHand.statusCode).toBe(400);
    expect((await queue()).assessments.map((a: { id: number }) => a.id)).toContain(
      patient.assessmentId,
    );

    const evaluation = `/api/admin/assessments/${patient.assessmentId}/evaluation`;
    const [conclusion] = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/evaluation-conclusions',
        headers: admin.headers,
      })
    ).json();
    await t.app.inject({
      method: 'PUT',
      url: evaluation,
      headers: admin.headers,
      payload: { conclusionId: conclusion.id, findings: '', recommendations: '' },
    });
    const sent = await t.app.inject({
      method: 'POST',
      url: `${evaluation}/send`,
      headers: admin.headers,
    });
    expect(sent.statusCode).toBe(200);
    expect(
      (await queue()).assessments.some((a: { id: number }) => a.id === patient.assessmentId),
    ).toBe(false);
    const evaluated = (await queue('evaluated')).assessments.find(
      (a: { id: number }) => a.id === patient.assessmentId,
    );
    expect(evaluated).toMatchObject({ status: 'evaluated', overdue: false });
    expect(evaluated.evaluationSentOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const again = await setStatus(patient.assessmentId, { status: 'in_review' });
    expect(again.statusCode).toBe(409);
  });

  it('refuses to review an assessment still in progress, and an unknown one', async () => {
    const patient = await t.createPatient();
    const inProgress = await setStatus(patient.assessmentId, { status: 'in_review' });
    expect(inProgress.statusCode).toBe(409);
    expect(inProgress.json().message).toBe('This assessment has not been submitted yet.');
    const unknown = await setStatus(999999, { status: 'in_review' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('case report PDF', () => {
  it('holds the patient, the answers and the screener score, in the admin language', async () => {
    const patient = await completedPatient([1, 1, 0, 1, 0, 0]);
    const reply = await reportOf(patient.assessmentId);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    expect(reply.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = await mkdtemp(join(tmpdir(), 'report-'));
    await writeFile(join(dir, 'report.pdf'), reply.rawPayload);
    const { stdout } = await run('pdftotext', ['-layout', join(dir, 'report.pdf'), '-']);
    expect(stdout).toContain('Maria Muster');
    expect(stdout).toContain('Score 3 of 7');
    expect(stdout).toContain('reaches the cut-off of 3 or more');
    expect(stdout).toContain('mostly');
    expect(stdout).toContain('From very brief to more than a week');
    // Submitted Friday 09:15 UTC: printed in the practice's zone (Berlin), with the zone named.
    expect(stdout).toMatch(/Submitted\s+20 Nov 2026, 10:15 CET/);
    expect(stdout).toMatch(/Evaluation due\s+24 Nov 2026, 10:15 CET/);

    const adminAssessment = eq(assessments.id, admin.assessmentId);
    await t.database.db.update(assessments).set({ language: 'de' }).where(adminAssessment);
    const german = await reportOf(patient.assessmentId);
    await writeFile(join(dir, 'bericht.pdf'), german.rawPayload);
    const { stdout: text } = await run('pdftotext', [join(dir, 'bericht.pdf'), '-']);
    expect(text).toContain('Fallbericht');
    expect(text).toContain('Punktzahl 3 von 7');
    expect(text).toContain('24. Nov. 2026, 10:15 MEZ');
    await t.database.db.update(assessments).set({ language: 'en' }).where(adminAssessment);
  });

  it('answers 404 for an unknown assessment', async () => {
    const reply = await reportOf(424242);
    expect(reply.statusCode).toBe(404);
  });
});

describe('CSV export', () => {
  it('has one row per answer and quotes commas, quotes and line breaks correctly', async () => {
    const reply = await asAdmin('/api/admin/exports/answers.csv');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/csv');
    const rows = csvRecords(reply.payload.replace(/^\uFEFF/, ''));
    const [header, ...data] = rows;
    expect(header).toContain('answer_text');
    const answerCount = (await t.database.db.select().from(answers)).length;
    expect(data).toHaveLength(answerCount);
    const column = header!.indexOf('answer_text');
    expect(data.map((r) => r[column])).toContain(TRICKY_TEXT);
    expect(data.every((r) => r.length === header!.length)).toBe(true);
  });
});
