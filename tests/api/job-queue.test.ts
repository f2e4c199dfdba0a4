import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { enqueueAccessCodeMail } from '../../src/server/modules/access/access-code-delivery';
import { accessCodes, jobs } from '../../src/server/schema';
import { defineJob, noPayload } from '../../src/server/platform/jobs/job-definition';
import { enqueue } from '../../src/server/platform/jobs/job-queue';
import type { MailMessage } from '../../src/server/platform/mail/mailer';
import { accessCodeFromMail } from '../helpers/browser';
import { readMail } from '../helpers/mail';
import { createTestApp, useTestApp, type TestApp } from '../helpers/test-app';

const t = useTestApp();

let address = 0;
/** A sign-in from an address of its own, so wrong guesses never add up to a rate limit. */
const signIn = (app: TestApp, code: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/verify-access-code',
    remoteAddress: `10.9.0.${++address}`,
    payload: { code },
  });

const codesMailedTo = async (email: string) =>
  (await t.outbox())
    .map(readMail)
    .filter((mail) => mail.to.includes(email))
    .map((mail) => accessCodeFromMail(mail.text)!);

describe('the access-code mail job', () => {
  it('mails a fresh code each time it is asked for, and only the newest one signs in', async () => {
    const patient = await t.createPatient();
    expect(await enqueueAccessCodeMail(t.database.db, patient.assessmentId)).toBeTypeOf('number');
    // Asked again while the first still waits: that one will carry a fresh code anyway.
    expect(await enqueueAccessCodeMail(t.database.db, patient.assessmentId)).toBeNull();
    const [first] = await codesMailedTo(patient.email);
    expect(first).toBeDefined();
    expect(first).not.toBe(patient.code);
    expect((await signIn(t, patient.code)).statusCode).toBe(401);
    expect((await signIn(t, first!)).statusCode).toBe(200);

    // A lost code asked for again (issue 15, or an administrator): a new one, the old one dies.
    await enqueueAccessCodeMail(t.database.db, patient.assessmentId);
    const codes = await codesMailedTo(patient.email);
    expect(codes).toHaveLength(2);
    expect((await signIn(t, first!)).statusCode).toBe(401);
    expect((await signIn(t, codes[1]!)).statusCode).toBe(200);
  });

  it('follows a mail whose delivery was uncertain with a newer one, whose code works', async () => {
    // The server took the message, then the connection broke before it said so: the job fails.
    const sent: MailMessage[] = [];
    let breakAfterSending = true;
    const app = await createTestApp(
      {},
      {
        mailer: {
          async send(message) {
            sent.push(message);
            if (breakAfterSending) {
              breakAfterSending = false;
              throw Object.assign(new Error('Connection closed'), { code: 'ECONNECTION' });
            }
          },
        },
      },
    );
    try {
      const patient = await app.createPatient();
      await enqueueAccessCodeMail(app.database.db, patient.assessmentId);
      // The failed attempt and its retry 30 seconds later.
      await app.app.jobs.runDue();
      await app.app.jobs.runDue({ asOf: new Date(Date.now() + 60 * 1000) });
      expect(sent).toHaveLength(2);
      const [uncertain, newer] = sent.map((mail) => accessCodeFromMail(mail.text)!);
      expect(newer).not.toBe(uncertain);
      expect((await signIn(app, newer!)).statusCode).toBe(200);
      expect((await signIn(app, uncertain!)).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('sends nothing for an assessment whose code was retired', async () => {
    const patient = await t.createPatient();
    await enqueueAccessCodeMail(t.database.db, patient.assessmentId);
    await t.database.db
      .update(accessCodes)
      .set({ retiredAt: new Date() })
      .where(eq(accessCodes.assessmentId, patient.assessmentId));
    expect(await codesMailedTo(patient.email)).toEqual([]);
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.assessmentId, patient.assessmentId));
    expect(job).toMatchObject({ name: 'access-code-mail', state: 'done' });
  });
});

describe('the job worker', () => {
  it('gives up at once on a payload it cannot read, and on a last attempt lost with its worker', async () => {
    const [unreadable] = await t.database.db
      .insert(jobs)
      .values({ name: 'access-code-mail', payload: { assessmentId: 'one' }, maxAttempts: 12 })
      .returning();
    // A worker that died during the last attempt of this job, an hour ago.
    const [lost] = await t.database.db
      .insert(jobs)
      .values({
        name: 'completion-mail',
        payload: { assessmentId: 1 },
        state: 'running',
        attempts: 12,
        maxAttempts: 12,
        lockedUntil: new Date(Date.now() - 60 * 60 * 1000),
      })
      .returning();
    // A day on, the daily upkeep has run too.
    await t.app.jobs.runDue({ asOf: new Date(Date.now() + 25 * 60 * 60 * 1000) });
    const state = async (id: number) =>
      (await t.database.db.select().from(jobs).where(eq(jobs.id, id)))[0];
    expect(await state(unreadable!.id)).toMatchObject({ state: 'failed', attempts: 1 });
    expect(await state(lost!.id)).toMatchObject({ state: 'failed', lastError: 'LOST' });
    const failures = await t.app.metrics.registry.getSingleMetricAsString('job_failures_total');
    expect(failures).toContain('job_failures_total{queue="access-code-mail",outcome="gave_up"} 1');
    expect(failures).toContain('job_failures_total{queue="completion-mail",outcome="gave_up"} 1');
  });

  it('is part of readiness, and stops cleanly: running jobs finish, none starts', async () => {
    const app = await createTestApp();
    const slow = defineJob({ name: 'test-slow', payload: noPayload });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started = vi.fn();
    app.app.jobs.register(slow, async () => {
      started();
      await gate;
    });
    try {
      const ready = await app.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.json()).toMatchObject({ ok: true, checks: { jobs: { ok: true } } });

      // Woken by the enqueue, the worker takes the job without being asked to.
      const id = await enqueue(app.database.db, slow, {});
      await vi.waitFor(() => expect(started).toHaveBeenCalledTimes(1));
      let closed = false;
      const closing = app.app.close().then(() => (closed = true));
      // Stopping: no longer ready, and a job queued now waits for another instance.
      await vi.waitFor(() => expect(app.app.jobs.check()).rejects.toThrow(/not running/));
      await enqueue(app.database.db, slow, {});
      expect(closed).toBe(false);

      release();
      await closing;
      const rows = await app.database.db.select().from(jobs).where(eq(jobs.name, 'test-slow'));
      expect(rows.map((row) => [row.id === id, row.state]).sort()).toEqual([
        [false, 'pending'],
        [true, 'done'],
      ]);
      expect(started).toHaveBeenCalledTimes(1);
    } finally {
      release();
      await app.close();
    }
  });
});
