import { readdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assessments, mediaUploads, promoCodes } from '../../src/server/schema';
import { SAMPLE_BYTES } from '../helpers/multipart';
import { firstQuestionOfType } from '../helpers/seed-answers';
import { useAdmin, useTestApp, type TestApp, type TestUser } from '../helpers/test-app';

const t = useTestApp();
const admin = useAdmin(t);

type Reply = Awaited<ReturnType<TestApp['app']['inject']>>;

function expectBadRequest(reply: Reply, field?: string) {
  const label = `${reply.statusCode}: ${reply.payload}`;
  expect(reply.statusCode, label).toBe(400);
  expect(reply.json().message, label).toEqual(expect.any(String));
  if (field) expect(reply.json().message, label).toContain(field);
}

const auditLog = (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/admin/audit-log?${query}`, headers: admin.headers });

describe('dates and ids out of range', () => {
  it('refuses year 0 and far-off dates in the audit log filter', async () => {
    for (const query of [
      'from=0000-01-01',
      'to=0000-01-01',
      'from=9999-12-31',
      'to=9999-12-31',
      'from=1899-12-31',
    ]) {
      expectBadRequest(await auditLog(query), query.split('=')[0]);
    }
    expect((await auditLog('from=2026-01-01&to=2026-12-31')).statusCode).toBe(200);
  });

  it('refuses ids beyond the integer column type in filters, paths and bodies', async () => {
    expectBadRequest(await auditLog('patientId=99999999999'), 'patientId');
    expectBadRequest(await auditLog('actorId=2147483648'), 'actorId');
    for (const url of [
      '/api/admin/assessments/2147483648/answers',
      '/api/admin/assessments/99999999999/report.pdf',
    ]) {
      const reply = await t.app.inject({ method: 'GET', url, headers: admin.headers });
      expectBadRequest(reply, 'id');
    }
    const patient = await t.createPatient();
    const save = await t.app.inject({
      method: 'POST',
      url: '/api/survey/responses',
      headers: patient.headers,
      payload: { questionId: 99_999_999_999, answerText: 'x' },
    });
    expectBadRequest(save, 'questionId');
    const redeem = await t.app.inject({
      method: 'POST',
      url: '/api/coupons/redeem',
      headers: patient.headers,
      payload: { code: 'ANY', userId: 2_147_483_648 },
    });
    expectBadRequest(redeem, 'userId');
  });

  it('refuses a status body with a year-0 sending day (evaluated only by sending), and leaves the assessment as it was', async () => {
    const patient = await t.createPatient();
    const [before] = await t.database.db
      .select()
      .from(assessments)
      .where(eq(assessments.id, patient.assessmentId));
    for (const evaluationSentOn of ['0000-01-01', '9999-12-31']) {
      const reply = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/assessments/${patient.assessmentId}/status`,
        headers: { ...admin.headers, 'accept-language': 'de' },
        payload: { status: 'evaluated', evaluationSentOn },
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toContain('Bitte prüfen Sie Ihre Eingabe');
    }
    const [after] = await t.database.db
      .select()
      .from(assessments)
      .where(eq(assessments.id, patient.assessmentId));
    expect(after).toEqual(before);
  });

  it('refuses year 0 and far-off expiry dates of a promo code, and stores none', async () => {
    for (const expiresAt of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59+01:00']) {
      const reply = await t.app.inject({
        method: 'POST',
        url: '/api/admin/coupons',
        headers: admin.headers,
        payload: { code: 'YEARZERO', amountCents: 1000, status: 'active', expiresAt },
      });
      expectBadRequest(reply, 'expiresAt');
    }
    expect(
      await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'YEARZERO')),
    ).toEqual([]);
  });
});

describe('broken multipart uploads', () => {
  const upload = (patient: TestUser, contentType: string, payload: string | Buffer) =>
    t.app.inject({
      method: 'POST',
      url: '/api/survey/media',
      headers: { ...patient.headers, 'content-type': contentType, 'accept-language': 'de' },
      payload,
    });

  it('refuses a multipart body without a boundary', async () => {
    const patient = await t.createPatient();
    const reply = await upload(patient, 'multipart/form-data', 'whatever');
    expectBadRequest(reply);
    expect(reply.json().code).toBe('errors.malformedMultipart');
  });

  it('refuses a truncated multipart body and keeps no file of it', async () => {
    const patient = await t.createPatient();
    const photo = await firstQuestionOfType(t.database.db, 'photo');
    const head = Buffer.from(
      '--cut\r\nContent-Disposition: form-data; name="type"\r\n\r\nphoto\r\n' +
        `--cut\r\nContent-Disposition: form-data; name="questionId"\r\n\r\n${photo.id}\r\n` +
        '--cut\r\nContent-Disposition: form-data; name="media"; filename="a.jpg"\r\n' +
        'Content-Type: image/jpeg\r\n\r\n',
    );
    for (const payload of [
      Buffer.concat([head, SAMPLE_BYTES.jpeg(64 * 1024)]),
      head.subarray(0, 40),
    ]) {
      const reply = await upload(patient, 'multipart/form-data; boundary=cut', payload);
      expectBadRequest(reply);
      expect(reply.json().code).toBe('errors.malformedMultipart');
      expect(reply.json().message).toContain('Upload');
    }
    expect(
      await t.database.db.select().from(mediaUploads).where(eq(mediaUploads.userId, patient.id)),
    ).toEqual([]);
    const files = await readdir(t.config.mediaDir, { recursive: true }).catch(() => []);
    expect(files.filter((name) => /\.(jpg|part)$/.test(name))).toEqual([]);
  });
});
