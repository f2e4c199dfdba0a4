import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanForOverdue, scanForReminders } from '../../src/server/modules/assessments/care-scans';
import { submitAssessment } from '../../src/server/modules/assessments/submit-assessment';
import { createAssessmentWithCode } from '../../src/server/modules/access/access-codes';
import { loadConfig } from '../../src/server/platform/config';
import type { Db } from '../../src/server/platform/db/client';
import { assessments, answers, users } from '../../src/server/schema';
import { paidDemoCheckout } from '../helpers/invoices';
import { readMail } from '../helpers/mail';
import { firstQuestionOfType, storedAnswer } from '../helpers/seed-answers';
import { postgresAnswers, startInstances } from '../helpers/shared-postgres';
import { startSmtpServer } from '../helpers/smtp';
import { assessmentById, useAdmin, useTestApp } from '../helpers/test-app';

const DAY = 24 * 60 * 60 * 1000;
const ANSWER_TEXT = 'Grinding at night since the move';
const t = useTestApp({ PRACTICE_EMAIL: 'practice@dental.example' });
const admin = useAdmin(t);

/** Every recurring scan is due a minute after the start; this runs it (and the mails it queues). */
let clock = Date.now();
const runScans = async () => {
  clock += 20 * 60 * 1000;
  await t.app.jobs.runDue({ asOf: new Date(clock) });
};

async function patientBoughtDaysAgo(days: number, language: 'en' | 'de' = 'en') {
  const patient = await t.createPatient({ firstName: 'Rita', lastName: 'Reminder', language });
  await t.database.db
    .update(assessments)
    .set({ createdAt: new Date(Date.now() - days * DAY) })
    .where(eq(assessments.id, patient.assessmentId));
  const text = await firstQuestionOfType(t.database.db, 'text');
  await t.database.db.insert(answers).values({
    userId: patient.id,
    assessmentId: patient.assessmentId,
    questionId: text.id,
    ...storedAnswer({ answerText: ANSWER_TEXT }),
  });
  return patient;
}

const mailsTo = async (address: string) =>
  (await t.outbox()).map(readMail).filter((mail) => mail.to.includes(address));

describe('the reminder to finish a paid assessment', () => {
  it('goes once, after three days, only to unfinished ones, without health data', async () => {
    const waiting = await patientBoughtDaysAgo(4, 'de');
    const fresh = await patientBoughtDaysAgo(2);
    const completed = await patientBoughtDaysAgo(5);
    await submitAssessment(t.app.deps, completed.assessmentId);

    await runScans();
    const reminders = await mailsTo(waiting.email);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toBe('Ihre CMD-Risikobewertung wartet auf Sie');
    expect(reminders[0]!.text).toContain(`${t.config.publicUrl}/`);
    expect(reminders[0]!.text).not.toContain(ANSWER_TEXT);
    expect(reminders[0]!.html).not.toContain(ANSWER_TEXT);
    expect(await mailsTo(fresh.email)).toHaveLength(0);
    expect(await mailsTo(completed.email)).toHaveLength(0);

    // No second reminder, however often the scan runs.
    await runScans();
    await runScans();
    expect(await mailsTo(waiting.email)).toHaveLength(1);
  });

  it('is not sent when the patient completed or was erased before it went out', async () => {
    const finishing = await patientBoughtDaysAgo(4);
    const erased = await patientBoughtDaysAgo(4);
    // Queued by the scan, then the patient completes / is erased before a worker sends it. The
    // background worker would send at once; from here on only runDue runs jobs in this file.
    await t.app.jobs.stop();
    expect(await scanForReminders(t.app.deps)).toBeGreaterThanOrEqual(2);
    await submitAssessment(t.app.deps, finishing.assessmentId);
    const erase = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/patients/${erased.id}`,
      headers: admin.headers,
      payload: { confirmEmail: erased.email },
    });
    expect(erase.statusCode).toBe(200);
    expect(await mailsTo(finishing.email)).toHaveLength(0);
    expect(await mailsTo(erased.email)).toHaveLength(0);
  });

  it('waits the configured number of days', async () => {
    const config = await loadConfig({ ...process.env, NODE_ENV: 'test', REMINDER_AFTER_DAYS: '7' });
    expect(config.reminderAfterDays).toBe(7);
    expect(t.config.reminderAfterDays).toBe(3);
    const patient = await patientBoughtDaysAgo(5);
    const deps = { ...t.app.deps, config: { ...t.app.deps.config, reminderAfterDays: 7 } };
    expect(await scanForReminders(deps)).toBe(0);
    expect((await assessmentById(t.database, patient.assessmentId))!.reminderSentAt).toBeNull();
  });
});

describe('the overdue notice to the practice', () => {
  it('goes once per assessment past its due date, with no name or answers', async () => {
    const patient = await patientBoughtDaysAgo(30);
    await submitAssessment(t.app.deps, patient.assessmentId, new Date(Date.now() - 10 * DAY));
    const onTime = await patientBoughtDaysAgo(1);
    await submitAssessment(t.app.deps, onTime.assessmentId);

    const subjectOf = (id: number) => `Overdue: assessment #${id} `;
    await runScans();
    const practice = await mailsTo('practice@dental.example');
    const notices = practice.filter((m) => m.subject.startsWith(subjectOf(patient.assessmentId)));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('/admin/review');
    expect(notices[0]!.text).not.toContain('Rita');
    expect(notices[0]!.text).not.toContain('Reminder');
    expect(notices[0]!.text).not.toContain(ANSWER_TEXT);
    expect(practice.some((m) => m.subject.startsWith(subjectOf(onTime.assessmentId)))).toBe(false);

    await runScans();
    expect(await scanForOverdue(t.app.deps)).toBe(0);
    const again = (await mailsTo('practice@dental.example')).filter((m) =>
      m.subject.startsWith(subjectOf(patient.assessmentId)),
    );
    expect(again).toHaveLength(1);
  });
});

describe('a refunded assessment', () => {
  it('leaves the review queue, gets no overdue notice and no evaluation', async () => {
    const paid = await paidDemoCheckout(t);
    await submitAssessment(t.app.deps, paid.assessmentId, new Date(Date.now() - 10 * DAY));
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/admin/assessments/${paid.assessmentId}/refund`,
      headers: admin.headers,
      payload: { reason: 'Booked twice', eraseAnswers: false },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);

    await runScans();
    const practice = await mailsTo('practice@dental.example');
    const overdue = `Overdue: assessment #${paid.assessmentId} `;
    expect(practice.some((m) => m.subject.startsWith(overdue))).toBe(false);
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/admin/review-queue',
      headers: admin.headers,
    });
    expect(queue.json().assessments.map((a: { id: number }) => a.id)).not.toContain(
      paid.assessmentId,
    );
    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/admin/assessments/${paid.assessmentId}/evaluation`,
      headers: admin.headers,
    });
    expect(opened.statusCode).toBe(200);
    expect((await assessmentById(t.database, paid.assessmentId))!.status).toBe('submitted');
    const draft = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/assessments/${paid.assessmentId}/evaluation`,
      headers: { ...admin.headers, 'accept-language': 'de' },
      payload: { conclusionId: null, findings: '', recommendations: '' },
    });
    expect(draft.statusCode).toBe(409);
    expect(draft.json().message).toContain('storniert');
  });
});

// Two instances need a PostgreSQL server; the embedded database is one process's alone.
const reachable = await postgresAnswers();

describe.runIf(reachable)('reminders and overdue notices on two instances', () => {
  let cluster: Awaited<ReturnType<typeof startInstances>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    cluster = await startInstances(2, {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      PRACTICE_EMAIL: 'practice@cluster.example',
    });
  });
  afterAll(async () => {
    await cluster?.close();
    await smtp?.close();
  });

  async function assessment(db: Db, email: string, boughtDaysAgo: number) {
    const [user] = await db.insert(users).values({ email }).returning();
    const { id } = await createAssessmentWithCode(db, user!.id, { email, firstName: 'Clara' });
    await db
      .update(assessments)
      .set({ createdAt: new Date(Date.now() - boughtDaysAgo * DAY) })
      .where(eq(assessments.id, id));
    return id;
  }

  it('send each mail once while both instances scan', async () => {
    const unfinished = await Promise.all(
      [0, 1, 2].map((i) => assessment(cluster.db, `unfinished-${i}@cluster.example`, 4)),
    );
    const late = await assessment(cluster.db, 'late@cluster.example', 20);
    await submitAssessment(cluster.apps[0]!.deps, late, new Date(Date.now() - 10 * DAY));

    const start = Date.now();
    for (const minutes of [2, 2, 20, 40]) {
      const asOf = new Date(start + minutes * 60 * 1000);
      await Promise.all(cluster.apps.map((app) => app.jobs.runDue({ asOf })));
    }
    for (const i of [0, 1, 2]) {
      expect(smtp.to(`unfinished-${i}@cluster.example`), `reminder ${i}`).toHaveLength(1);
    }
    expect(unfinished).toHaveLength(3);
    const notices = smtp
      .to('practice@cluster.example')
      .filter((m) => m.mail.subject.startsWith(`Overdue: assessment #${late} `));
    expect(notices).toHaveLength(1);
  });
});
