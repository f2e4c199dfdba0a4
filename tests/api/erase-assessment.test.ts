import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { submitAssessment } from '../../src/server/modules/assessments/submit-assessment';
import { answers, evaluations, invoices, mediaUploads, users } from '../../src/server/schema';
import { paidDemoCheckout } from '../helpers/invoices';
import { readMail } from '../helpers/mail';
import { patientDetails } from '../helpers/payments';
import { answerScreener } from '../helpers/seed-answers';
import { seedPhotoAnswer } from '../helpers/seed-media';
import { assessmentById, useAdmin, useTestApp, type TestUser } from '../helpers/test-app';

const t = useTestApp();
const admin = useAdmin(t);

/** A paid checkout with the shared address, answered, with a photo. */
async function checkout(email: string, firstName: string) {
  const paid = await paidDemoCheckout(t, {
    details: { ...patientDetails('family'), email, firstName, lastName: 'Family' },
  });
  await answerScreener(t.database.db, paid, [1, 1, 0, 0, 0, 0]);
  const photo = await seedPhotoAnswer(t, paid as unknown as TestUser);
  return { ...paid, photo };
}

/** Everything of an assessment that must stay, or go, together. */
async function recordOf(assessmentId: number) {
  const db = t.database.db;
  const [answerRows, uploads, invoiceRows, evaluationRows] = await Promise.all([
    db.select().from(answers).where(eq(answers.assessmentId, assessmentId)),
    db.select().from(mediaUploads).where(eq(mediaUploads.assessmentId, assessmentId)),
    db.select().from(invoices).where(eq(invoices.assessmentId, assessmentId)),
    db.select().from(evaluations).where(eq(evaluations.assessmentId, assessmentId)),
  ]);
  return {
    assessment: await assessmentById(t.database, assessmentId),
    answers: answerRows.length,
    uploads: uploads.length,
    invoices: invoiceRows.length,
    evaluations: evaluationRows.length,
  };
}

const asAdmin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });

async function evaluate(assessmentId: number) {
  await submitAssessment(t.app.deps, assessmentId, new Date());
  const [, signs] = (await asAdmin('GET', '/api/admin/evaluation-conclusions')).json();
  const url = `/api/admin/assessments/${assessmentId}/evaluation`;
  const draft = await asAdmin('PUT', url, {
    conclusionId: signs.id,
    findings: 'Pain on the left masseter.',
    recommendations: 'Clinical function analysis.',
  });
  expect(draft.statusCode, draft.body).toBe(200);
  expect((await asAdmin('POST', `${url}/send`)).statusCode).toBe(200);
}

describe('erasing one assessment of a shared address', () => {
  it("erases Anna's record and leaves Ben's answers, media, invoice and evaluation untouched", async () => {
    const email = `family.${Date.now()}@example.org`;
    const anna = await checkout(email, 'Anna');
    const ben = await checkout(email, 'Ben');
    await evaluate(ben.assessmentId);
    expect(anna.id).toBe(ben.id);
    const benBefore = await recordOf(ben.assessmentId);
    expect(benBefore).toMatchObject({ answers: 7, uploads: 1, invoices: 1, evaluations: 1 });

    // The list shows each person with their own name, date of birth and address.
    const list = await asAdmin('GET', `/api/admin/responses?search=${encodeURIComponent(email)}`);
    const group = list.json().users[0];
    expect(
      group.accessCodes.map((c: { firstName: string; email: string; dateOfBirth: string }) => [
        c.firstName,
        c.email,
        c.dateOfBirth,
      ]),
    ).toEqual([
      ['Ben', email, '1985-04-12'],
      ['Anna', email, '1985-04-12'],
    ]);

    // The name typed must be this assessment's patient: Ben's name does not erase Anna's.
    const url = `/api/admin/assessments/${anna.assessmentId}/erase`;
    const wrong = await asAdmin('POST', url, { confirmName: 'Ben Family' });
    expect(wrong.statusCode).toBe(400);
    expect((await recordOf(anna.assessmentId)).assessment).toBeDefined();

    const mailsBefore = (await t.outbox()).length;
    const erased = await asAdmin('POST', url, { confirmName: ' anna  family ' });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toEqual({
      erasedAssessmentId: anna.assessmentId,
      mediaFilesRemoved: 1,
      patientErased: false,
    });

    const annaAfter = await recordOf(anna.assessmentId);
    expect(annaAfter).toMatchObject({ assessment: undefined, answers: 0, uploads: 0 });
    expect(await t.app.deps.media.size(anna.photo.path)).toBeNull();
    expect(await recordOf(ben.assessmentId)).toEqual(benBefore);
    expect(await t.app.deps.media.size(ben.photo.path)).toBeGreaterThan(0);
    // Ben still signs in and reads his evaluation; Anna's session has ended as erased.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/survey/assessment/evaluation.pdf',
          headers: ben.headers,
        })
      ).statusCode,
    ).toBe(200);
    const annaSession = await t.app.inject({
      method: 'GET',
      url: '/api/survey/questions',
      headers: anna.headers,
    });
    expect(annaSession.json()).toMatchObject({ reason: 'erased' });
    const account = await t.database.db.select().from(users).where(eq(users.id, ben.id));
    expect(account).toHaveLength(1);

    // Anna is told it is done, without health data.
    const notice = (await t.outbox()).slice(mailsBefore).map(readMail);
    expect(notice).toHaveLength(1);
    expect(notice[0]!.subject).toBe('Your CMD risk assessment has been erased');
    expect(notice[0]!.text).toContain('Dear Anna Family');
    expect(notice[0]!.text).not.toMatch(/masseter|screener|Ben/i);
  });

  it("the patient's own erasure takes the session's assessment only", async () => {
    const email = `own.${Date.now()}@example.org`;
    const carla = await checkout(email, 'Carla');
    const dora = await checkout(email, 'Dora');
    const doraBefore = await recordOf(dora.assessmentId);
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/me/erase',
      headers: carla.headers,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({
      erasedAssessmentId: carla.assessmentId,
      patientErased: false,
    });
    expect((await recordOf(carla.assessmentId)).assessment).toBeUndefined();
    expect(await recordOf(dora.assessmentId)).toEqual(doraBefore);

    // Dora's erasure, the address's last assessment, takes the account too.
    const last = await t.app.inject({
      method: 'POST',
      url: '/api/me/erase',
      headers: dora.headers,
    });
    expect(last.json()).toMatchObject({ patientErased: true });
    expect(await t.database.db.select().from(users).where(eq(users.id, dora.id))).toHaveLength(0);
  });
});
