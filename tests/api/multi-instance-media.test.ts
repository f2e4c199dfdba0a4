import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { writeFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssessmentWithCode } from '../../src/server/modules/access/access-codes';
import { sessionForAssessment } from '../../src/server/modules/access/session';
import { assessments, erasures, users } from '../../src/server/schema';
import type { AppInstance } from '../../src/server/platform/http/app-instance';
import { postMedia, SAMPLE_BYTES } from '../helpers/multipart';
import { startS3Server } from '../helpers/s3-server';
import { firstQuestionOfType } from '../helpers/seed-answers';
import { postgresAnswers, startInstances } from '../helpers/shared-postgres';

/**
 * Two instances as on two machines: each its own DATA_DIR, one PostgreSQL, one bucket on a real
 * S3-compatible server. Whatever one instance stored, the other serves, exports and erases.
 */
const run = promisify(execFile);
const reachable = await postgresAnswers();
let cluster: Awaited<ReturnType<typeof startInstances>>;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let A: AppInstance;
let B: AppInstance;
let counter = 0;

const HOUR = 60 * 60 * 1000;

/** A signed-in account on the shared database; admins signed in with both factors. */
async function signedIn(isAdmin: boolean) {
  counter += 1;
  const email = `${isAdmin ? 'admin' : 'patient'}-${counter}@media.example.org`;
  const [user] = await cluster.db.insert(users).values({ email, isAdmin }).returning();
  const { id: assessmentId } = await createAssessmentWithCode(cluster.db, user!.id, {
    email,
    firstName: 'Greta',
    lastName: `Cluster ${counter}`,
  });
  const session = await sessionForAssessment(
    cluster.db,
    A.deps.tokens,
    assessmentId,
    isAdmin ? ['code', 'otp'] : ['code'],
  );
  return {
    id: user!.id,
    email,
    assessmentId,
    headers: { authorization: `Bearer ${session!.token}` },
  };
}

/** A patient who uploaded a video through instance A. */
async function patientWithVideoThroughA() {
  const patient = await signedIn(false);
  const question = await firstQuestionOfType(cluster.db, 'video');
  const bytes = SAMPLE_BYTES.webm(300_000);
  const reply = await postMedia(
    A,
    patient.headers,
    { type: 'video', questionId: question.id },
    bytes,
  );
  expect(reply.statusCode).toBe(200);
  return { patient, bytes, path: reply.json().mediaPath as string };
}

describe.runIf(reachable)('two instances, separate data directories, one bucket', () => {
  let admin: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    s3 = await startS3Server();
    cluster = await startInstances(2, { ...s3.env, RETENTION_MONTHS: '1' });
    [A, B] = cluster.apps as [AppInstance, AppInstance];
    admin = await signedIn(true);
  });
  afterAll(async () => {
    await cluster?.close();
    await s3?.close();
  });

  it('are both ready, each having checked the bucket', async () => {
    for (const app of [A, B]) {
      const reply = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(reply.statusCode).toBe(200);
      expect(reply.json().checks.media.ok).toBe(true);
    }
  });

  it('serve through B what was uploaded through A: ranged playback and the export', async () => {
    const { patient, bytes, path } = await patientWithVideoThroughA();
    expect(await s3.objectNames()).toContain(path);
    // Nothing on A's disk: the bucket holds it, sealed.
    await mkdir(join(cluster.dataDirs[0]!, 'media'), { recursive: true });
    expect(
      (await readdir(join(cluster.dataDirs[0]!, 'media'))).filter((n) => n !== '.incoming'),
    ).toEqual([]);
    expect((await s3.rawObject(path)).bytes.includes(bytes.subarray(0, 64))).toBe(false);

    // The admin's player: a link issued by B, a range read through B (and through A too).
    const link = await B.inject({
      method: 'POST',
      url: '/api/admin/media-links',
      headers: admin.headers,
      payload: { path },
    });
    expect(link.statusCode).toBe(200);
    for (const app of [B, A]) {
      const part = await app.inject({
        method: 'GET',
        url: link.json().url,
        headers: { range: 'bytes=70000-140099' },
      });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.equals(bytes.subarray(70000, 140100))).toBe(true);
    }
    // The patient's own view through B.
    const own = await B.inject({
      method: 'GET',
      url: `/api/survey/media/${path}`,
      headers: { ...patient.headers, range: 'bytes=-100' },
    });
    expect(own.statusCode).toBe(206);
    expect(own.rawPayload.equals(bytes.subarray(bytes.length - 100))).toBe(true);

    // The patient's export through B holds the video.
    const zip = await B.inject({
      method: 'GET',
      url: '/api/me/export.zip',
      headers: patient.headers,
    });
    expect(zip.statusCode).toBe(200);
    const out = join(cluster.dataDirs[1]!, `export-${patient.id}`);
    await mkdir(out, { recursive: true });
    await writeFile(join(out, 'export.zip'), zip.rawPayload);
    await run('unzip', ['-q', join(out, 'export.zip'), '-d', out]);
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(join(out, path))).equals(bytes)).toBe(true);
  });

  it('say "not available" for an object deleted from the bucket, and keep serving', async () => {
    const { patient, path } = await patientWithVideoThroughA();
    await A.deps.media.remove(path);
    const playback = await B.inject({
      method: 'POST',
      url: '/api/admin/media-links',
      headers: admin.headers,
      payload: { path },
    });
    expect(playback.statusCode).toBe(404);
    expect(playback.json().message).toBe('This photo or video is not available.');
    const zip = await B.inject({
      method: 'GET',
      url: '/api/me/export.zip',
      headers: patient.headers,
    });
    expect(zip.statusCode).toBe(200);
    const report = await B.inject({
      method: 'GET',
      url: `/api/admin/assessments/${patient.assessmentId}/report.pdf`,
      headers: admin.headers,
    });
    expect(report.statusCode).toBe(200);
    expect((await B.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('erase through B the objects uploaded through A', async () => {
    const { patient, path } = await patientWithVideoThroughA();
    const reply = await B.inject({
      method: 'DELETE',
      url: `/api/admin/patients/${patient.id}`,
      headers: admin.headers,
      payload: { confirmEmail: patient.email },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().mediaFilesRemoved).toBe(1);
    expect(await s3.objectNames()).not.toContain(path);
  });

  it('run retention once across the cluster, removing the expired assessment’s objects', async () => {
    const { patient, path } = await patientWithVideoThroughA();
    const twoMonthsAgo = new Date(Date.now() - 62 * 24 * HOUR);
    await cluster.db
      .update(assessments)
      .set({ status: 'evaluated', submittedAt: twoMonthsAgo, evaluatedAt: twoMonthsAgo })
      .where(eq(assessments.id, patient.assessmentId));
    const runDueOnBoth = (asOf: Date) =>
      Promise.all([A, B].map((app) => app.jobs.runDue({ asOf })));
    const start = Date.now();
    await runDueOnBoth(new Date(start + 2 * 60_000));
    await runDueOnBoth(new Date(start + 2 * 60_000));
    expect(await s3.objectNames()).not.toContain(path);
    const erased = await cluster.db
      .select()
      .from(erasures)
      .where(eq(erasures.erasedUserId, patient.id));
    expect(erased).toMatchObject([{ reason: 'retention' }]);
  });
});
