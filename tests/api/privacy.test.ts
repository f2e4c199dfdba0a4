import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  assessments,
  auditLog,
  erasures,
  mediaUploads,
  payments,
  questionOptions,
  answers,
  users,
} from '../../src/server/schema';
import { answerScreener } from '../helpers/seed-answers';
import { seedPhotoAnswer } from '../helpers/seed-media';
import { useAdmin, useTestApp } from '../helpers/test-app';

const run = promisify(execFile);
const t = useTestApp({ RETENTION_MONTHS: '12' });
const admin = useAdmin(t);

async function patientWithData(name: string) {
  const patient = await t.createPatient({ firstName: name, lastName: 'Test' });
  await answerScreener(t.database.db, patient, [1, 1, 1, 0, 0, 0]);
  const photo = await seedPhotoAnswer(t, patient);
  await t.database.db.insert(payments).values({
    provider: 'demo',
    intentId: `pi_${name}_${patient.id}`,
    amountCents: 9900,
    status: 'succeeded',
    userId: patient.id,
    assessmentId: patient.assessmentId,
    pendingDetails: { email: patient.email, firstName: name },
  });
  return { patient, photo };
}

const count = async (
  table: typeof users | typeof assessments | typeof answers | typeof mediaUploads | typeof payments,
  column:
    | typeof users.id
    | typeof assessments.userId
    | typeof answers.userId
    | typeof mediaUploads.userId
    | typeof payments.userId,
  id: number,
) =>
  (
    await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(eq(column, id))
  )[0]!.n;

describe('patient export', () => {
  it('holds exactly that patient’s data and media, and nobody else’s', async () => {
    const a = await patientWithData('Alice');
    const b = await patientWithData('Bob');
    const reply = await t.app.inject({
      method: 'GET',
      url: '/api/me/export.zip',
      headers: a.patient.headers,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/zip');
    const dir = await mkdtemp(join(tmpdir(), 'export-'));
    await writeFile(join(dir, 'export.zip'), reply.rawPayload);
    await run('unzip', ['-q', join(dir, 'export.zip'), '-d', join(dir, 'out')]);

    const data = JSON.parse(await readFile(join(dir, 'out', 'data.json'), 'utf8'));
    expect(data.patient).toMatchObject({ email: a.patient.email, firstName: 'Alice' });
    expect(data.patient.totpSecret).toBeUndefined();
    expect(data.answers).toHaveLength(7);
    // A chosen option in words, in the patient's language, beside its id.
    const chosen: { optionId: number; option: string }[] = data.answers.filter(
      (answer: { optionId: number | null }) => answer.optionId,
    );
    expect(chosen).toHaveLength(6);
    for (const answer of chosen) {
      const [option] = await t.database.db
        .select({ text: questionOptions.optionText })
        .from(questionOptions)
        .where(eq(questionOptions.id, answer.optionId));
      expect(answer.option).toBe(option!.text);
    }
    expect(data.assessment.id).toBe(a.patient.assessmentId);
    const text = JSON.stringify(data);
    expect(text).not.toContain(b.patient.email);
    expect(text).not.toContain('Bob');

    const files = await readdir(join(dir, 'out', 'media'));
    expect(files).toEqual([a.photo.path.slice('media/'.length)]);
    const exported = await readFile(join(dir, 'out', a.photo.path));
    expect(exported.equals(a.photo.bytes)).toBe(true);

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'patient.export'));
    expect(entry).toMatchObject({ actorUserId: a.patient.id, patientUserId: a.patient.id });
  });

  it('needs a signed-in patient', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me/export.zip' })).statusCode).toBe(401);
  });
});

describe('erasure', () => {
  it('erases nothing when the typed e-mail does not match', async () => {
    const { patient } = await patientWithData('Carla');
    const reply = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/patients/${patient.id}`,
      headers: admin.headers,
      payload: { confirmEmail: 'someone@else.org' },
    });
    expect(reply.statusCode).toBe(400);
    expect(await count(users, users.id, patient.id)).toBe(1);
  });

  it('removes every row and file of the patient, ends their sessions and leaves others untouched', async () => {
    const a = await patientWithData('Dora');
    const b = await patientWithData('Emil');
    const file = join(t.config.mediaDir, a.photo.path.slice('media/'.length));
    expect(existsSync(file)).toBe(true);

    const reply = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/patients/${a.patient.id}`,
      headers: admin.headers,
      payload: { confirmEmail: a.patient.email.toUpperCase() },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ erasedUserId: a.patient.id, mediaFilesRemoved: 1 });

    expect(await count(users, users.id, a.patient.id)).toBe(0);
    expect(await count(assessments, assessments.userId, a.patient.id)).toBe(0);
    expect(await count(answers, answers.userId, a.patient.id)).toBe(0);
    expect(await count(mediaUploads, mediaUploads.userId, a.patient.id)).toBe(0);
    expect(await count(payments, payments.userId, a.patient.id)).toBe(0);
    const leftovers = await t.database.db
      .select()
      .from(payments)
      .where(sql`${payments.pendingDetails} ->> 'email' = ${a.patient.email}`);
    expect(leftovers).toEqual([]);
    expect(existsSync(file)).toBe(false);

    const afterwards = await t.app.inject({
      method: 'GET',
      url: '/api/me/export.zip',
      headers: a.patient.headers,
    });
    expect(afterwards.statusCode).toBe(401);

    expect(await count(answers, answers.userId, b.patient.id)).toBe(7);
    expect(existsSync(join(t.config.mediaDir, b.photo.path.slice('media/'.length)))).toBe(true);

    const [record] = await t.database.db
      .select()
      .from(erasures)
      .where(eq(erasures.erasedUserId, a.patient.id));
    expect(record).toMatchObject({
      reason: 'request',
      actorUserId: admin.id,
      mediaFilesRemoved: 1,
    });
  });

  it('does not erase administrators and answers 404 for unknown patients', async () => {
    const other = await t.createAdmin();
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/patients/${other.id}`,
      headers: admin.headers,
      payload: { confirmEmail: other.email },
    });
    expect(refused.statusCode).toBe(409);
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/patients/987654',
      headers: admin.headers,
      payload: { confirmEmail: 'x@y.org' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('retention', () => {
  const evaluated = async (name: string, evaluatedAt: Date) => {
    const data = await patientWithData(name);
    await t.database.db
      .update(assessments)
      .set({ status: 'evaluated', evaluatedAt })
      .where(eq(assessments.id, data.patient.assessmentId));
    return data;
  };

  it('erases only evaluated assessments older than the setting when its hourly job runs', async () => {
    const monthsAgo = (months: number) => {
      const date = new Date();
      date.setUTCMonth(date.getUTCMonth() - months);
      return date;
    };
    const old = await evaluated('Frieda', monthsAgo(13));
    const recent = await evaluated('Gustav', monthsAgo(2));
    const stillOpen = await patientWithData('Hanna');
    await t.database.db
      .update(assessments)
      .set({ status: 'submitted', submittedAt: monthsAgo(30) })
      .where(eq(assessments.id, stillOpen.patient.assessmentId));

    // An hour on, the job has had its turn.
    await t.app.jobs.runDue({ asOf: new Date(Date.now() + 60 * 60 * 1000) });

    expect(await count(users, users.id, old.patient.id)).toBe(0);
    expect(existsSync(join(t.config.mediaDir, old.photo.path.slice('media/'.length)))).toBe(false);
    expect(await count(users, users.id, recent.patient.id)).toBe(1);
    expect(await count(answers, answers.userId, recent.patient.id)).toBe(7);
    expect(await count(answers, answers.userId, stillOpen.patient.id)).toBe(7);
    const records = await t.database.db
      .select()
      .from(erasures)
      .where(eq(erasures.erasedUserId, old.patient.id));
    expect(records.map((r) => r.reason)).toEqual(['retention']);
  });
});
