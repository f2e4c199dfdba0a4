import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAssessmentWithCode } from '../../src/server/modules/access/access-codes';
import { sessionForAssessment } from '../../src/server/modules/access/session';
import type { Db } from '../../src/server/platform/db/client';
import { mediaUploads, questions, users } from '../../src/server/schema';
import { mediaFilesIn, postMedia, SAMPLE_BYTES } from '../helpers/multipart';
import { postgresAnswers, startInstances } from '../helpers/shared-postgres';
import { useTestApp, type TestUser } from '../helpers/test-app';

const QUOTA = { MEDIA_QUOTA_FILES: '3', MEDIA_QUOTA_BYTES: '20000' };

const t = useTestApp(QUOTA);
/** The photo questions: an upload is its question's answer and replaces the one before. */
let photoIds: number[];
beforeAll(async () => {
  photoIds = await photoQuestionIds(t.database.db);
});

/** Uploads a photo as the answer to the n-th photo question. */
const uploadPhoto = (patient: TestUser, n: number, size: number, language = 'en') =>
  postMedia(
    t.app,
    { ...patient.headers, 'accept-language': language },
    { type: 'photo', questionId: photoIds[n]! },
    SAMPLE_BYTES.jpeg(size),
  );

async function photoQuestionIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(eq(questions.questionType, 'photo'))
    .orderBy(asc(questions.sortOrder));
  return rows.map((row) => row.id);
}

const uploadsOf = (db: Db, assessmentId: number) =>
  db.select().from(mediaUploads).where(eq(mediaUploads.assessmentId, assessmentId));

describe('upload quota per assessment (MEDIA_QUOTA_FILES, MEDIA_QUOTA_BYTES)', () => {
  it('refuses a file beyond the file count with 413 in the patient language and keeps none of it', async () => {
    const patient = await t.createPatient();
    for (let i = 0; i < 3; i++) expect((await uploadPhoto(patient, i, 2000)).statusCode).toBe(200);
    const files = await mediaFilesIn(t.config.mediaDir);

    const english = await uploadPhoto(patient, 3, 2000);
    expect(english.statusCode).toBe(413);
    expect(english.json().message).toMatch(/reached its limit for photos and videos/);
    const german = await uploadPhoto(patient, 3, 2000, 'de');
    expect(german.statusCode).toBe(413);
    expect(german.json().message).toMatch(/Grenze für Fotos und Videos erreicht/);

    expect(await mediaFilesIn(t.config.mediaDir)).toEqual(files);
    const rows = await uploadsOf(t.database.db, patient.assessmentId);
    expect(rows.map((r) => [r.status, r.sizeBytes])).toEqual(Array(3).fill(['stored', 2000]));
  });

  it('refuses a file beyond the byte total, keeps none of it, and counts only what was kept', async () => {
    const patient = await t.createPatient();
    expect((await uploadPhoto(patient, 0, 12_000)).statusCode).toBe(200);
    const files = await mediaFilesIn(t.config.mediaDir);

    const tooMuch = await uploadPhoto(patient, 1, 9000);
    expect(tooMuch.statusCode).toBe(413);
    expect(tooMuch.json().message).toMatch(/limit for photos and videos/);
    expect(await mediaFilesIn(t.config.mediaDir)).toEqual(files);
    expect(await uploadsOf(t.database.db, patient.assessmentId)).toHaveLength(1);

    // The refused file took no room: what fits the remaining 8000 bytes still goes through.
    expect((await uploadPhoto(patient, 1, 8000)).statusCode).toBe(200);
    expect((await uploadPhoto(patient, 2, 1000)).statusCode).toBe(413);
    const rows = await uploadsOf(t.database.db, patient.assessmentId);
    expect(rows.map((r) => r.sizeBytes).sort((a, b) => a - b)).toEqual([8000, 12_000]);
  });

  it('gives the place of a photo replaced by a Retake back at once', async () => {
    const patient = await t.createPatient();
    expect((await uploadPhoto(patient, 0, 2000)).statusCode).toBe(200);
    expect((await uploadPhoto(patient, 1, 2000)).statusCode).toBe(200);
    // The retake of the first photo replaces it: still two files.
    expect((await uploadPhoto(patient, 0, 2000)).statusCode).toBe(200);
    expect(await uploadsOf(t.database.db, patient.assessmentId)).toHaveLength(2);
    expect((await uploadPhoto(patient, 2, 2000)).statusCode).toBe(200);
    expect((await uploadPhoto(patient, 3, 2000)).statusCode).toBe(413);
  });

  it('lets at most one of two simultaneous uploads take the last place', async () => {
    const byCount = await t.createPatient();
    for (let i = 0; i < 2; i++) await uploadPhoto(byCount, i, 2000);
    const countRace = await Promise.all([
      uploadPhoto(byCount, 2, 2000),
      uploadPhoto(byCount, 3, 2000),
    ]);
    expect(countRace.map((r) => r.statusCode).sort()).toEqual([200, 413]);
    expect(await uploadsOf(t.database.db, byCount.assessmentId)).toHaveLength(3);

    const byBytes = await t.createPatient();
    await uploadPhoto(byBytes, 0, 12_000);
    const bytesRace = await Promise.all([
      uploadPhoto(byBytes, 1, 6000),
      uploadPhoto(byBytes, 2, 6000),
    ]);
    expect(bytesRace.map((r) => r.statusCode).sort()).toEqual([200, 413]);
    const rows = await uploadsOf(t.database.db, byBytes.assessmentId);
    expect(rows.map((r) => r.sizeBytes).sort((a, b) => a - b)).toEqual([6000, 12_000]);
  });

  it('over HTTP: gives the place of an abandoned upload back at once, and reads a refused one to the end', async () => {
    const patient = await t.createPatient();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const boundary = `----abandoned${randomBytes(8).toString('hex')}`;
    const req = request(`${address}/api/survey/media`, {
      method: 'POST',
      headers: {
        ...patient.headers,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    req.on('error', () => undefined);
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nphoto\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="questionId"\r\n\r\n${photoIds[0]}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="a.jpg"\r\n` +
        `Content-Type: image/jpeg\r\n\r\n`,
    );
    req.write(SAMPLE_BYTES.jpeg(5000));
    const rows = () => uploadsOf(t.database.db, patient.assessmentId);
    await until(async () => (await rows()).length === 1);
    expect((await rows())[0]!.status).toBe('uploading');

    req.destroy();
    await until(async () => (await rows()).length === 0);
    expect((await mediaFilesIn(t.config.mediaDir)).filter((f) => f.includes('.part'))).toEqual([]);
    for (let i = 0; i < 3; i++) expect((await uploadPhoto(patient, i, 2000)).statusCode).toBe(200);

    // Refused before a byte is stored; the browser still gets the answer after sending it all.
    const form = new FormData();
    form.append('type', 'photo');
    form.append('questionId', String(photoIds[3]));
    form.append('media', new Blob([new Uint8Array(SAMPLE_BYTES.jpeg(4 * 1024 * 1024))]), 'a.jpg');
    const refused = await fetch(`${address}/api/survey/media`, {
      method: 'POST',
      headers: patient.headers,
      body: form,
    });
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { message: string }).message).toMatch(/limit/);
  });
});

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const reachable = await postgresAnswers();

describe.runIf(reachable)('upload quota with two server instances on one database', () => {
  it('lets exactly as many simultaneous uploads through as the quota has places', async () => {
    const cluster = await startInstances(2, QUOTA);
    try {
      const db = cluster.db;
      const [user] = await db.insert(users).values({ email: 'quota@example.org' }).returning();
      const { id: assessmentId } = await createAssessmentWithCode(db, user!.id);
      const session = await sessionForAssessment(db, cluster.apps[0]!.deps.tokens, assessmentId, [
        'code',
      ]);
      const ids = await photoQuestionIds(db);
      const replies = await Promise.all(
        ids.map((questionId, i) =>
          postMedia(
            cluster.apps[i % 2]!,
            { authorization: `Bearer ${session!.token}` },
            { type: 'photo', questionId },
            SAMPLE_BYTES.jpeg(2000),
          ),
        ),
      );
      const statuses = replies.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(3);
      expect(statuses.filter((s) => s === 413)).toHaveLength(5);
      expect(await uploadsOf(db, assessmentId)).toHaveLength(3);
      // Each instance has its own DATA_DIR, so the files are spread over both media folders
      // (one shared object store is issue 16's second part).
      const files = await Promise.all(
        cluster.apps.map((app) => mediaFilesIn(app.deps.config.mediaDir)),
      );
      expect(files.flat()).toHaveLength(3);
    } finally {
      await cluster.close();
    }
  });
});
