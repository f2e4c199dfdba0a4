import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { removeAdmin } from '../../src/server/cli/admin-accounts';
import { accessCodeFromMail } from '../helpers/browser';
import { paidDemoCheckout } from '../helpers/invoices';
import { patientDetails } from '../helpers/payments';
import { useAdmin, useTestApp, type TestUser } from '../helpers/test-app';

const t = useTestApp();
const admin = useAdmin(t);

const questions = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/survey/questions', headers });

const signIn = (code: string) =>
  t.app.inject({ method: 'POST', url: '/api/verify-access-code', payload: { code } });

/** A token of the patient whose time ran out an hour ago, signed with the server's secret. */
async function expiredToken(patient: TestUser): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    email: patient.email,
    language: 'en',
    isAdmin: false,
    tv: 0,
    acid: patient.assessmentId,
    atv: 0,
    amr: ['code'],
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(patient.id))
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 3600)
    .sign(new TextEncoder().encode(t.config.jwtSecret));
}

describe('a 401 says why the session ended', () => {
  it('expired: a token past its time', async () => {
    const patient = await t.createPatient();
    const reply = await questions({
      authorization: `Bearer ${await expiredToken(patient)}`,
      'accept-language': 'de',
    });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toMatchObject({
      reason: 'expired',
      message: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    });
  });

  it('signed_out: after logout, on reads and on the answer save that checks its own session', async () => {
    const patient = await t.createPatient();
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: patient.headers,
    });
    expect(logout.statusCode).toBe(200);
    expect((await questions(patient.headers)).json()).toMatchObject({ reason: 'signed_out' });
    const save = await t.app.inject({
      method: 'POST',
      url: '/api/survey/responses',
      headers: patient.headers,
      payload: { questionId: 1, answerText: 'x' },
    });
    expect(save.statusCode).toBe(401);
    expect(save.json()).toMatchObject({ reason: 'signed_out' });
  });

  it('signed_out: no token, or a forged one', async () => {
    expect((await questions({})).json()).toMatchObject({ reason: 'signed_out' });
    const forged = await questions({ authorization: 'Bearer a.b.c' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ reason: 'signed_out' });
  });

  it('refunded: the old session and the code say so, with the date', async () => {
    const mailsBefore = (await t.outbox()).length;
    const paid = await paidDemoCheckout(t, { details: patientDetails('reason-refund') });
    const code = accessCodeFromMail((await t.outbox()).slice(mailsBefore)[0]!)!;
    const session = { authorization: `Bearer ${(await signIn(code)).json().token}` };
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/assessments/${paid.assessmentId}/refund`,
      headers: admin.headers,
      payload: { reason: 'Asked by phone', eraseAnswers: false },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const reply = await questions(session);
    expect(reply.statusCode).toBe(401);
    const body = reply.json();
    expect(body).toMatchObject({ reason: 'refunded', refundedAt: expect.any(String) });
    expect(Math.abs(Date.parse(body.refundedAt) - Date.now())).toBeLessThan(60_000);
    const again = await signIn(code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ reason: 'refunded', refundedAt: body.refundedAt });
    expect(again.json().message).toContain('refunded');
  });

  it('erased: the old session and the code say so', async () => {
    const patient = await t.createPatient();
    const erase = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/patients/${patient.id}`,
      headers: admin.headers,
      payload: { confirmEmail: patient.email },
    });
    expect(erase.statusCode, erase.body).toBe(200);
    expect((await questions(patient.headers)).json()).toMatchObject({ reason: 'erased' });
    const again = await signIn(patient.code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ reason: 'erased' });
  });

  it('an unknown code is just invalid, with no reason', async () => {
    const reply = await signIn('ABCD-EFGH-JKMN-PQRS');
    expect(reply.statusCode).toBe(401);
    expect(reply.json().reason).toBeUndefined();
  });

  it('not_admin: an administrator whose rights were taken away', async () => {
    const other = await t.createAdmin();
    await removeAdmin(t.database.db, other.email);
    const reply = await t.app.inject({
      method: 'GET',
      url: '/api/admin/responses',
      headers: other.headers,
    });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toMatchObject({ reason: 'not_admin' });
  });
});
