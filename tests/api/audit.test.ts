import { beforeAll, describe, expect, it } from 'vitest';
import { submitAssessment } from '../../src/server/modules/assessments/submit-assessment';
import { answerScreener } from '../helpers/seed-answers';
import { useAdmin, useTestApp, type TestUser } from '../helpers/test-app';

const t = useTestApp();
const admin = useAdmin(t);
const otherAdmin = useAdmin(t);
let patient: TestUser;

beforeAll(async () => {
  patient = await t.createPatient({ firstName: 'Anna', lastName: 'Beispiel' });
  await answerScreener(t.database.db, patient, [1, 0, 0, 0, 0, 0]);
  await submitAssessment(t.app.deps, patient.assessmentId);
});

const audit = async (query = '', as = admin) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/admin/audit-log?${query}`, headers: as.headers })
  ).json();

describe('audit log', () => {
  it('records report downloads, exports and status changes with who, what and which patient', async () => {
    await t.app.inject({
      method: 'GET',
      url: `/api/admin/assessments/${patient.assessmentId}/report.pdf`,
      headers: admin.headers,
    });
    await t.app.inject({
      method: 'GET',
      url: '/api/admin/exports/answers.csv',
      headers: otherAdmin.headers,
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/assessments/${patient.assessmentId}/status`,
      headers: admin.headers,
      payload: { status: 'in_review' },
    });

    const { entries, total } = await audit();
    expect(total).toBe(3);
    expect(entries.map((e: { action: string }) => e.action).sort()).toEqual([
      'answers.export',
      'assessment.status',
      'report.export',
    ]);
    const report = entries.find((e: { action: string }) => e.action === 'report.export');
    expect(report).toMatchObject({
      actorUserId: admin.id,
      actorEmail: admin.email,
      patientUserId: patient.id,
      assessmentId: patient.assessmentId,
      patientName: 'Anna Beispiel',
    });
    const status = entries.find((e: { action: string }) => e.action === 'assessment.status');
    expect(status.detail).toBe('in_review');
  });

  it('filters by patient, administrator, action and date', async () => {
    expect((await audit(`patientId=${patient.id}`)).total).toBe(2);
    expect(
      (await audit(`actorId=${otherAdmin.id}`)).entries.map((e: { action: string }) => e.action),
    ).toEqual(['answers.export']);
    expect((await audit('action=report.export')).total).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await audit(`from=${today}&to=${today}`)).total).toBe(3);
    expect((await audit('to=2000-01-01')).total).toBe(0);
  });

  it('keeps health data out of the entries', async () => {
    const { entries } = await audit();
    const text = JSON.stringify(entries);
    expect(text).not.toMatch(/screener|score|pain|jaw/i);
  });

  it('is for administrators only and validates its filters', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: patient.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/audit-log?from=yesterday',
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(400);
  });
});
