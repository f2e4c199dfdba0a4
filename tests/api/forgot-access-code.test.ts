import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAssessmentWithCode } from '../../src/server/modules/access/access-codes';
import {
  FORGOT_ADDRESS_LIMIT,
  FORGOT_IP_LIMIT,
  FORGOT_REPLY_MIN_MS,
} from '../../src/server/modules/access/access-code-reissue';
import { deliverAccessCode } from '../../src/server/modules/access/access-code-delivery';
import { sessionForAssessment } from '../../src/server/modules/access/session';
import type { MailMessage } from '../../src/server/platform/mail/mailer';
import { accessCodes, assessments, auditLog, jobs } from '../../src/server/schema';
import { accessCodeFromMail } from '../helpers/browser';
import { readMail } from '../helpers/mail';
import { firstQuestionOfType } from '../helpers/seed-answers';
import { useAdmin, useTestApp, type TestUser } from '../helpers/test-app';

let log = '';
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    log += chunk.toString();
    done();
  },
});

const t = useTestApp({}, {}, logStream);
const admin = useAdmin(t);

let ipCounter = 0;
/** A caller address of its own, so one test's requests do not count against another's. */
const freshIp = () => `10.15.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const forgot = (email: string, options: { ip?: string; language?: 'en' | 'de' } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/access-code/forgot',
    remoteAddress: options.ip ?? freshIp(),
    payload: { email, language: options.language ?? 'en' },
  });

const signIn = (code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/verify-access-code',
    remoteAddress: freshIp(),
    payload: { code },
  });

/** The mails sent to `to` since `before` mails were in the outbox, decoded. */
async function mailsTo(to: string, before: number) {
  const all = await t.outbox();
  return all
    .slice(before)
    .map(readMail)
    .filter((mail) => mail.to.includes(to));
}

async function auditFor(assessmentId: number) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.assessmentId, assessmentId));
}

/** A patient with an answer the new mail must not carry. */
async function patientWithAnswer(): Promise<TestUser> {
  const patient = await t.createPatient();
  const question = await firstQuestionOfType(t.database.db, 'text');
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/survey/responses',
    headers: patient.headers,
    payload: { questionId: question.id, answerText: 'Kieferknacken seit dem Fahrradunfall' },
  });
  expect(saved.statusCode).toBe(200);
  return patient;
}

const questions = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/survey/questions', headers });

describe('POST /api/access-code/forgot', () => {
  it("a stranger's request locks nobody out: the patient's code and session keep working", async () => {
    const patient = await patientWithAnswer();
    const before = (await t.outbox()).length;
    expect((await forgot(patient.email)).statusCode).toBe(202);
    expect(await mailsTo(patient.email, before)).toHaveLength(1);
    expect((await questions(patient.headers)).statusCode).toBe(200);
    expect((await signIn(patient.code)).statusCode).toBe(200);
    expect((await questions(patient.headers)).statusCode).toBe(200);
  });

  it('mails a new code that signs in; its first use retires the old code and ends its sessions', async () => {
    const patient = await patientWithAnswer();
    const before = (await t.outbox()).length;
    log = '';
    // As a patient types it: other case, spaces around.
    const reply = await forgot(` ${patient.email.toUpperCase()} `, { language: 'de' });
    expect(reply.statusCode).toBe(202);
    expect(reply.json()).toEqual({ ok: true });

    const [mail, ...more] = await mailsTo(patient.email, before);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Ihr neuer Zugangscode für die CMD-Risikobewertung');
    expect(mail!.text).toContain(
      'Ihr bisheriger Code gilt weiter, bis Sie sich zum ersten Mal mit diesem anmelden',
    );
    expect(mail!.text).not.toContain('Kieferknacken');
    expect(mail!.html).not.toContain('Kieferknacken');
    const code = accessCodeFromMail(mail!.text)!;
    expect(code).toBeDefined();
    expect(code).not.toBe(patient.code);

    // Until the new code is used, the old one and its sessions still work.
    const oldSession = await signIn(patient.code);
    expect(oldSession.statusCode).toBe(200);
    const oldHeaders = { authorization: `Bearer ${oldSession.json().token}` };
    expect((await questions(oldHeaders)).statusCode).toBe(200);

    const fresh = await signIn(code);
    expect(fresh.statusCode).toBe(200);
    const refused = await signIn(patient.code);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ reason: 'code_replaced' });
    for (const headers of [oldHeaders, patient.headers]) {
      const old = await questions(headers);
      expect(old.statusCode).toBe(401);
      expect(old.json()).toMatchObject({ reason: 'code_replaced' });
    }
    // The new code's session stands, and signing in with it again ends nothing.
    const freshHeaders = { authorization: `Bearer ${fresh.json().token}` };
    expect((await signIn(code)).statusCode).toBe(200);
    expect((await questions(freshHeaders)).statusCode).toBe(200);
    // Neither code reaches the log, nor the address.
    expect(log).not.toContain(code);
    expect(log).not.toContain(patient.code);
    expect(log.toLowerCase()).not.toContain(patient.email);
  });

  it('answers an unknown address the same, and sends nothing', async () => {
    const before = (await t.outbox()).length;
    const jobsBefore = await t.database.db.select().from(jobs);
    const reply = await forgot('nobody-here@example.org');
    expect(reply.statusCode).toBe(202);
    expect(reply.json()).toEqual({ ok: true });
    expect(await t.outbox()).toHaveLength(before);
    expect(await t.database.db.select().from(jobs)).toHaveLength(jobsBefore.length);
  });

  it("does not mail an administrator's code: the command line manages those", async () => {
    const before = (await t.outbox()).length;
    expect((await forgot(admin.email)).statusCode).toBe(202);
    expect(await mailsTo(admin.email, before)).toHaveLength(0);
    expect(
      await t.database.db.select().from(jobs).where(eq(jobs.assessmentId, admin.assessmentId)),
    ).toEqual([]);
  });

  it('takes as long for an unknown address as for a known one', async () => {
    const patient = await t.createPatient();
    const timed = async (email: string) => {
      const started = performance.now();
      expect((await forgot(email)).statusCode).toBe(202);
      return performance.now() - started;
    };
    const known = await timed(patient.email);
    const unknown = await timed(`not-${patient.email}`);
    // Both wait out the same floor, which is far above the few writes a known address costs.
    expect(known).toBeGreaterThanOrEqual(FORGOT_REPLY_MIN_MS - 5);
    expect(unknown).toBeGreaterThanOrEqual(FORGOT_REPLY_MIN_MS - 5);
    expect(Math.abs(known - unknown)).toBeLessThan(FORGOT_REPLY_MIN_MS / 2);
  });

  it('sends a new code for each assessment of the address whose code still works', async () => {
    const patient = await t.createPatient();
    const second = await createAssessmentWithCode(t.database.db, patient.id, {
      email: patient.email,
      firstName: 'Test',
      lastName: 'Second',
    });
    const retired = await createAssessmentWithCode(t.database.db, patient.id, {
      email: patient.email,
    });
    await t.database.db
      .update(accessCodes)
      .set({ retiredAt: new Date() })
      .where(eq(accessCodes.assessmentId, retired.id));
    const before = (await t.outbox()).length;
    expect((await forgot(patient.email)).statusCode).toBe(202);
    const mails = await mailsTo(patient.email, before);
    expect(mails).toHaveLength(2);
    const codes = mails.map((mail) => accessCodeFromMail(mail.text)!);
    // Each code opens its own assessment (the session's user carries that checkout's name).
    const names: string[] = [];
    for (const code of codes) {
      const reply = await signIn(code);
      expect(reply.statusCode).toBe(200);
      names.push(reply.json().user.lastName);
    }
    expect(names.sort()).toEqual(['Second', `User ${patient.email.split('-')[1]}`].sort());
    for (const old of [patient.code, second.code, retired.code]) {
      expect((await signIn(old)).statusCode).toBe(401);
    }
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.patientUserId, patient.id), eq(auditLog.action, 'access-code.forgot')),
      );
    expect(audited.map((entry) => entry.assessmentId).sort()).toEqual(
      [patient.assessmentId, second.id].sort(),
    );
  });

  it(`stops mailing an address after ${FORGOT_ADDRESS_LIMIT.limit} requests, still answering 202`, async () => {
    const patient = await t.createPatient();
    const before = (await t.outbox()).length;
    for (let i = 0; i < FORGOT_ADDRESS_LIMIT.limit; i++) {
      expect((await forgot(patient.email)).statusCode).toBe(202);
      await t.outbox(); // sent before the next request, so none is folded into a waiting one
    }
    expect(await mailsTo(patient.email, before)).toHaveLength(FORGOT_ADDRESS_LIMIT.limit);
    const limited = await forgot(patient.email);
    expect(limited.statusCode).toBe(202);
    expect(limited.json()).toEqual({ ok: true });
    expect(await mailsTo(patient.email, before)).toHaveLength(FORGOT_ADDRESS_LIMIT.limit);
    const entries = await auditFor(patient.assessmentId);
    expect(entries.map((entry) => entry.detail)).toEqual([
      ...Array(FORGOT_ADDRESS_LIMIT.limit).fill('queued'),
      'rate-limited',
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({ actorUserId: null, patientUserId: patient.id });
    }
  });

  it(`stops mailing from one caller address after ${FORGOT_IP_LIMIT.limit} requests`, async () => {
    const ip = freshIp();
    for (let i = 0; i < FORGOT_IP_LIMIT.limit; i++) {
      expect((await forgot(`someone-${i}@example.org`, { ip })).statusCode).toBe(202);
    }
    const patient = await t.createPatient();
    const before = (await t.outbox()).length;
    const limited = await forgot(patient.email, { ip });
    expect(limited.statusCode).toBe(202);
    expect(await mailsTo(patient.email, before)).toHaveLength(0);
    expect((await signIn(patient.code)).statusCode).toBe(200);
    // From another caller the same address is served.
    expect((await forgot(patient.email)).statusCode).toBe(202);
    expect(await mailsTo(patient.email, before)).toHaveLength(1);
  });

  it('refuses a malformed address with a message in the caller language', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/access-code/forgot',
      headers: { 'accept-language': 'de' },
      payload: { email: 'not an address', language: 'de' },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe('Bitte prüfen Sie Ihre Eingabe: email ist ungültig.');
  });
});

describe('POST /api/admin/assessments/:id/access-code', () => {
  const send = (id: number, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/admin/assessments/${id}/access-code`, headers });

  it('retires the old code and ends its sessions at once, mails a new code, records who asked', async () => {
    const patient = await patientWithAnswer();
    const before = (await t.outbox()).length;
    log = '';
    const reply = await send(patient.assessmentId, admin.headers);
    expect(reply.statusCode).toBe(202);
    // Before the mail has gone out: the leaked code and its sessions are already refused.
    const session = await questions(patient.headers);
    expect(session.statusCode).toBe(401);
    expect(session.json()).toMatchObject({ reason: 'code_replaced' });
    expect((await signIn(patient.code)).json()).toMatchObject({ reason: 'code_replaced' });
    const [mail] = await mailsTo(patient.email, before);
    expect(mail!.subject).toBe('Your new access code for the CMD risk assessment');
    expect(mail!.text).not.toContain('Kieferknacken');
    expect(mail!.text).toContain('Your earlier code for it no longer works');
    expect(mail!.text).toContain('If you did not ask the practice for a new code');
    const code = accessCodeFromMail(mail!.text)!;
    expect((await signIn(code)).statusCode).toBe(200);
    expect((await signIn(patient.code)).statusCode).toBe(401);
    expect(log).not.toContain(code);
    const [entry] = await auditFor(patient.assessmentId);
    expect(entry).toMatchObject({
      action: 'access-code.reissue',
      actorUserId: admin.id,
      patientUserId: patient.id,
    });
    expect(entry!.detail ?? '').not.toContain(code);
  });

  it('needs an administrator signed in with the second factor', async () => {
    const patient = await t.createPatient();
    const codeOnly = await sessionForAssessment(
      t.database.db,
      t.app.deps.tokens,
      admin.assessmentId,
      ['code'],
    );
    expect((await send(patient.assessmentId, {})).statusCode).toBe(401);
    expect((await send(patient.assessmentId, patient.headers)).statusCode).toBe(403);
    expect(
      (await send(patient.assessmentId, { authorization: `Bearer ${codeOnly!.token}` })).statusCode,
    ).toBe(403);
    expect(
      await t.database.db.select().from(jobs).where(eq(jobs.assessmentId, patient.assessmentId)),
    ).toEqual([]);
    expect((await signIn(patient.code)).statusCode).toBe(200);
  });

  it('refuses an erased assessment (404) and a refunded one (409)', async () => {
    const patient = await t.createPatient();
    await t.database.db
      .update(accessCodes)
      .set({ retiredAt: new Date() })
      .where(eq(accessCodes.assessmentId, patient.assessmentId));
    await t.database.db
      .update(assessments)
      .set({ cancelledAt: new Date() })
      .where(eq(assessments.id, patient.assessmentId));
    const retired = await send(patient.assessmentId, admin.headers);
    expect(retired.statusCode).toBe(409);
    expect(retired.json().message).toMatch(/retired/);
    const erased = await t.createPatient();
    await t.database.db.delete(assessments).where(eq(assessments.id, erased.assessmentId));
    expect((await send(erased.assessmentId, admin.headers)).statusCode).toBe(404);
  });
});

describe('the access-code mail and a crash', () => {
  for (const reason of ['checkout', 'reissue', 'admin-reissue'] as const) {
    it(`a ${reason} code whose mail went out works though the worker died right after sending`, async () => {
      const patient = await t.createPatient();
      const sent: MailMessage[] = [];
      const dying = {
        send: async (message: MailMessage) => {
          sent.push(message);
          throw new Error('the worker died before recording the job');
        },
      };
      const deps = { db: t.database.db, mailer: dying, config: t.config };
      await expect(
        deliverAccessCode(deps, { assessmentId: patient.assessmentId, reason }),
      ).rejects.toThrow('worker died');
      const code = accessCodeFromMail(sent[0]!.text)!;
      expect((await signIn(code)).statusCode).toBe(200);
    });
  }
});
