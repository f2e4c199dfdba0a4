import { Writable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs } from '../../src/server/schema';
import { accessCodeFromMail } from '../helpers/browser';
import { insertPromoCode, patientDetails } from '../helpers/payments';
import { startSilentServer, startSmtpServer } from '../helpers/smtp';
import { useTestApp, type TestApp } from '../helpers/test-app';
import { answerBodyFor, surveyOf } from '../helpers/survey-api';
import { postMedia, SAMPLE_BYTES } from '../helpers/multipart';

/**
 * E-mail leaves the request path: requests only queue mails, and the job worker delivers them
 * with retries, whatever the mail server does meanwhile.
 */

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;
const PRACTICE_EMAIL = 'praxis@example.org';
/** What "answers in normal time" means here: far below a mail server's timeouts. */
const NORMAL_MS = 2 * SECOND;

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

const later = (ms: number) => new Date(Date.now() + ms);

async function timed<T>(request: Promise<T>): Promise<{ reply: T; ms: number }> {
  const started = performance.now();
  const reply = await request;
  return { reply, ms: performance.now() - started };
}

/** A checkout with a full-price promo code: the patient's session, and an access-code mail queued. */
async function freeCheckout(t: TestApp, tag: string) {
  const code = `FREE-${tag.toUpperCase()}`;
  await insertPromoCode(t.database.db, { code, amountCents: 9900 });
  const details = patientDetails(tag);
  const { reply, ms } = await timed(
    t.app.inject({
      method: 'POST',
      url: '/api/verify-payment',
      payload: { couponCode: code, ...details },
    }),
  );
  expect(reply.statusCode).toBe(200);
  const session = reply.json() as { token: string; user: { id: number } };
  return {
    details,
    ms,
    userId: session.user.id,
    headers: { authorization: `Bearer ${session.token}` },
  };
}

/**
 * Saves every question of the survey as a patient would, timing each save: the required ones
 * answered (photos and videos by their upload), the others skipped.
 */
async function answerAll(t: TestApp, headers: Record<string, string>): Promise<number[]> {
  const timings: number[] = [];
  for (const question of await surveyOf(t.app, headers)) {
    const { questionType: type, required } = question;
    const { reply, ms } = await timed(
      required && (type === 'photo' || type === 'video')
        ? postMedia(
            t.app,
            headers,
            { type, questionId: question.id },
            type === 'photo' ? SAMPLE_BYTES.jpeg() : SAMPLE_BYTES.webm(),
          )
        : t.app.inject({
            method: 'POST',
            url: '/api/survey/responses',
            headers,
            payload: required ? answerBodyFor(question) : { questionId: question.id },
          }),
    );
    expect(reply.statusCode).toBe(200);
    timings.push(ms);
  }
  return timings;
}

const complete = (t: TestApp, headers: Record<string, string>) =>
  timed(t.app.inject({ method: 'POST', url: '/api/survey/completion-email', headers }));

const signIn = (t: TestApp, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/verify-access-code', payload: { code } });

const jobsNamed = (t: TestApp, name: string) =>
  t.database.db.select().from(jobs).where(eq(jobs.name, name));

async function metric(t: TestApp, name: string): Promise<string> {
  return t.app.metrics.registry.getSingleMetricAsString(name);
}

describe('a mail server that accepts connections and never greets', () => {
  let silent: Awaited<ReturnType<typeof startSilentServer>>;
  beforeAll(async () => {
    silent = await startSilentServer();
  });
  afterAll(() => silent.close());
  const t = useTestApp(() => ({
    SMTP_URL: `smtp://127.0.0.1:${silent.port}/?connectionTimeout=5000&greetingTimeout=5000`,
    PRACTICE_EMAIL,
  }));

  it('keeps checkout, answer saves, completion and health answering in normal time, and delivers each mail once when it answers', async () => {
    const patient = await freeCheckout(t, 'hung');
    // The worker has taken the access-code mail and waits for a greeting that does not come.
    await vi.waitFor(() => expect(silent.held()).toBeGreaterThan(0), { timeout: 5 * SECOND });

    const timings = [patient.ms, ...(await answerAll(t, patient.headers))];
    const completion = await complete(t, patient.headers);
    expect(completion.reply.json()).toEqual({ ok: true, sent: true });
    const health = await timed(t.app.inject({ method: 'GET', url: '/api/health' }));
    expect(health.reply.statusCode).toBe(200);
    expect(health.reply.json()).toMatchObject({ checks: { jobs: { ok: true } } });
    expect(Math.max(...timings, completion.ms, health.ms)).toBeLessThan(NORMAL_MS);

    // Still hung: nothing has been delivered, and the three mails wait in the queue.
    expect(silent.held()).toBeGreaterThan(0);
    expect(smtp.to(patient.details.email)).toEqual([]);
    // One query: the worker may claim a job between two (pending, then running).
    const waiting = await t.database.db
      .select()
      .from(jobs)
      .where(inArray(jobs.state, ['pending', 'running']));
    expect(
      waiting
        .map((job) => job.name)
        .filter((name) => name.endsWith('-mail') || name === 'practice-notification')
        .sort(),
    ).toEqual(['access-code-mail', 'completion-mail', 'practice-notification']);

    // The server comes back: each mail is delivered, once, however often the worker runs.
    silent.answer(smtp.port);
    await t.app.jobs.runDue({ asOf: later(HOUR) });
    await t.app.jobs.runDue({ asOf: later(2 * HOUR) });
    const toPatient = smtp.to(patient.details.email).map((m) => m.mail.subject);
    expect(toPatient.sort()).toEqual([
      'Your CMD risk assessment has been received',
      'Your access code for the CMD risk assessment',
    ]);
    expect(smtp.to(PRACTICE_EMAIL)).toHaveLength(1);
    const codeMail = smtp.to(patient.details.email).find((m) => m.mail.subject.includes('code'))!;
    expect((await signIn(t, accessCodeFromMail(codeMail.mail.text)!)).statusCode).toBe(200);
  });
});

describe('a mail server that refuses, then works again', () => {
  const t = useTestApp(() => ({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }));

  it('retries with exponential back-off and delivers one working code when it is back', async () => {
    smtp.refuse(true);
    const patient = await freeCheckout(t, 'refused');
    await t.app.jobs.runDue();
    const [first] = await jobsNamed(t, 'access-code-mail');
    expect(first).toMatchObject({ state: 'pending', attempts: 1 });
    expect(first!.lastError).toMatch(/^E[A-Z]+$/);
    // The first retry waits 30 seconds: not due yet, so nothing is tried.
    const waitMs = first!.runAt.getTime() - Date.now();
    expect(waitMs).toBeGreaterThan(20 * SECOND);
    expect(waitMs).toBeLessThanOrEqual(30 * SECOND);
    const connections = smtp.connections();
    expect(await t.app.jobs.runDue()).toBe(0);
    expect(smtp.connections()).toBe(connections);

    // Once the 30 seconds are over it runs again, fails, and waits twice as long.
    const secondTry = later(31 * SECOND);
    expect(await t.app.jobs.runDue({ asOf: secondTry })).toBeGreaterThan(0);
    const [second] = await jobsNamed(t, 'access-code-mail');
    expect(second).toMatchObject({ state: 'pending', attempts: 2 });
    expect(second!.runAt.getTime() - secondTry.getTime()).toBe(60 * SECOND);

    expect(await metric(t, 'mail_send_failures_total')).toContain(
      'mail_send_failures_total{template="access-code-en"} 2',
    );
    expect(await metric(t, 'job_failures_total')).toContain(
      'job_failures_total{queue="access-code-mail",outcome="retry"} 2',
    );
    expect(await metric(t, 'job_queue_depth')).toContain(
      'job_queue_depth{queue="access-code-mail"} 1',
    );

    smtp.refuse(false);
    await t.app.jobs.runDue({ asOf: new Date(secondTry.getTime() + 61 * SECOND) });
    const mails = smtp.to(patient.details.email);
    expect(mails).toHaveLength(1);
    expect((await signIn(t, accessCodeFromMail(mails[0]!.mail.text)!)).statusCode).toBe(200);
    const [done] = await jobsNamed(t, 'access-code-mail');
    expect(done).toMatchObject({ state: 'done', attempts: 3 });
    expect(await metric(t, 'job_queue_depth')).toContain(
      'job_queue_depth{queue="access-code-mail"} 0',
    );
  });
});

describe('a mail server that never comes back', () => {
  const log: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const t = useTestApp(() => ({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }), {}, stream);

  it('gives the mail up after its last attempt, logged and counted without personal data', async () => {
    smtp.refuse(true);
    const patient = await freeCheckout(t, 'given-up');
    let clock = Date.now();
    for (let run = 0; run < 12; run++) {
      clock += 2 * HOUR;
      await t.app.jobs.runDue({ asOf: new Date(clock) });
    }
    const [job] = await jobsNamed(t, 'access-code-mail');
    expect(job).toMatchObject({ state: 'failed', attempts: 12 });
    expect(await metric(t, 'job_failures_total')).toContain(
      'job_failures_total{queue="access-code-mail",outcome="gave_up"} 1',
    );
    const givenUp = log
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'job failed for the last time: given up');
    expect(givenUp).toEqual([
      expect.objectContaining({ job: 'access-code-mail', jobId: job!.id, attempt: 12 }),
    ]);
    const everything = log.join('\n');
    for (const secret of [patient.details.email, patient.details.lastName]) {
      expect(everything).not.toContain(secret);
    }

    // Given up means given up: a working server later gets nothing.
    smtp.refuse(false);
    const connections = smtp.connections();
    await t.app.jobs.runDue({ asOf: new Date(clock + 24 * HOUR) });
    expect(smtp.connections()).toBe(connections);
  });
});

describe('erasure', () => {
  const practice = 'praxis-erasure@example.org';
  const t = useTestApp(() => ({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    PRACTICE_EMAIL: practice,
  }));

  it('removes the mails still waiting for the erased patient', async () => {
    smtp.refuse(true);
    const patient = await freeCheckout(t, 'erased');
    await answerAll(t, patient.headers);
    await complete(t, patient.headers);
    await t.app.jobs.runDue();
    const pending = await t.database.db.select().from(jobs).where(eq(jobs.state, 'pending'));
    expect(pending.filter((job) => job.assessmentId !== null)).toHaveLength(3);

    const admin = await t.createAdmin();
    const erased = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/patients/${patient.userId}`,
      headers: admin.headers,
      payload: { confirmEmail: patient.details.email },
    });
    expect(erased.statusCode).toBe(200);
    const left = await t.database.db.select().from(jobs);
    expect(left.filter((job) => job.assessmentId !== null)).toEqual([]);

    smtp.refuse(false);
    await t.app.jobs.runDue({ asOf: later(24 * HOUR) });
    expect(smtp.to(patient.details.email)).toEqual([]);
    expect(smtp.to(practice)).toEqual([]);
  });
});
