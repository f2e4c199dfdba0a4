import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mediaUploads, questions, answers } from '../../src/server/schema';
import { mediaFilesIn, postMedia, SAMPLE_BYTES } from '../helpers/multipart';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app';

const HOUR = 60 * 60 * 1000;

let t: TestApp;
let photoIds: number[];

beforeAll(async () => {
  // RETENTION_MONTHS is not set: the upload clean-up is scheduled all the same.
  t = await createTestApp();
  const photos = await t.database.db
    .select({ id: questions.id })
    .from(questions)
    .where(eq(questions.questionType, 'photo'))
    .orderBy(asc(questions.sortOrder));
  photoIds = photos.map((q) => q.id);
});
afterAll(() => t.close());

async function upload(patient: TestUser, questionId = photoIds[0]!): Promise<string> {
  const reply = await postMedia(
    t.app,
    patient.headers,
    { type: 'photo', questionId },
    SAMPLE_BYTES.jpeg(3000),
  );
  expect(reply.statusCode).toBe(200);
  return reply.json().mediaPath;
}

const saveMedia = (patient: TestUser, mediaPath: string | null, questionId = photoIds[0]!) =>
  t.app.inject({
    method: 'POST',
    url: '/api/survey/responses',
    headers: patient.headers,
    payload: mediaPath ? { questionId, mediaType: 'photo', mediaPath } : { questionId },
  });

/**
 * An upload no answer refers to: the answer it became was replaced while its removal failed,
 * as a full disk or a lost volume would leave it.
 */
async function leftOver(patient: TestUser, questionId: number): Promise<string> {
  const path = await upload(patient, questionId);
  const failing = vi.spyOn(t.app.deps.media, 'remove').mockRejectedValueOnce(new Error('EIO'));
  expect((await saveMedia(patient, null, questionId)).statusCode).toBe(200);
  failing.mockRestore();
  return path;
}

/** The photo the patient's answer to the question refers to. */
async function answerOf(patient: TestUser, questionId = photoIds[0]!): Promise<string | null> {
  const [row] = await t.database.db
    .select({ filePath: answers.filePath })
    .from(answers)
    .where(and(eq(answers.assessmentId, patient.assessmentId), eq(answers.questionId, questionId)));
  return row?.filePath ?? null;
}

/** Whether the upload is still kept: its file in the media store, and its row. */
async function kept(path: string): Promise<{ file: boolean; row: boolean }> {
  const rows = await t.database.db
    .select({ id: mediaUploads.id })
    .from(mediaUploads)
    .where(eq(mediaUploads.path, path));
  return { file: (await t.app.deps.media.size(path)) !== null, row: rows.length === 1 };
}

const KEPT = { file: true, row: true };
const GONE = { file: false, row: false };

async function ageUploads(paths: string[], hours: number) {
  await t.database.db
    .update(mediaUploads)
    .set({ createdAt: new Date(Date.now() - hours * HOUR) })
    .where(inArray(mediaUploads.path, paths));
}

/** The job queue's clock: each run of the hourly clean-up is an hour after the one before. */
let jobClock = Date.now();

async function runJob() {
  jobClock += HOUR;
  expect(await t.app.jobs.runDue({ asOf: new Date(jobClock) })).toBeGreaterThan(0);
}

describe('Retake replaces the photo of an answer', () => {
  it('removes the earlier file and its record as soon as the new one is uploaded', async () => {
    const patient = await t.createPatient();
    const first = await upload(patient);
    expect(await kept(first)).toEqual(KEPT);
    const retake = await upload(patient);
    expect(await kept(first)).toEqual(GONE);
    expect(await kept(retake)).toEqual(KEPT);

    // Saving the same answer again (Next saves the question shown) keeps its file.
    expect((await saveMedia(patient, retake)).statusCode).toBe(200);
    expect(await kept(retake)).toEqual(KEPT);
    // An answer saved without the photo no longer has one, nor has the store.
    expect((await saveMedia(patient, null)).statusCode).toBe(200);
    expect(await kept(retake)).toEqual(GONE);
  });

  it('keeps a file another answer still refers to', async () => {
    const patient = await t.createPatient();
    const shared = await upload(patient, photoIds[0]);
    expect((await saveMedia(patient, shared, photoIds[1])).statusCode).toBe(200);
    await upload(patient, photoIds[0]);
    expect(await kept(shared)).toEqual(KEPT);
  });

  it('saves the new answer when the old file cannot be removed, and leaves it to the clean-up job', async () => {
    const patient = await t.createPatient();
    const first = await upload(patient);
    const failing = vi
      .spyOn(t.app.deps.media, 'remove')
      .mockRejectedValueOnce(Object.assign(new Error('I/O error'), { code: 'EIO' }));
    const retake = await upload(patient);
    expect(failing).toHaveBeenCalledWith(first);
    failing.mockRestore();
    expect(await kept(first)).toEqual(KEPT);
    expect(await answerOf(patient)).toBe(retake);

    await ageUploads([first, retake], 25);
    await runJob();
    expect(await kept(first)).toEqual(GONE);
    expect(await kept(retake)).toEqual(KEPT);
  });
});

describe('clean-up of uploads no answer refers to', () => {
  it('removes uploads no answer refers to once a day old, files and records, and keeps answers and fresh ones', async () => {
    const patient = await t.createPatient();
    const saved = await upload(patient, photoIds[0]);
    const abandoned = await leftOver(patient, photoIds[1]!);
    const fresh = await leftOver(patient, photoIds[2]!);
    await ageUploads([saved, abandoned], 25);
    await ageUploads([fresh], 23);

    await runJob();
    expect(await kept(abandoned)).toEqual(GONE);
    expect(await kept(saved)).toEqual(KEPT);
    expect(await kept(fresh)).toEqual(KEPT);
    expect(await mediaFilesIn(t.config.mediaDir)).not.toContain(abandoned.slice('media/'.length));
  });

  it('removes the record of an upload that died midway a day ago', async () => {
    const patient = await t.createPatient();
    const [row] = await t.database.db
      .insert(mediaUploads)
      .values({
        userId: patient.id,
        assessmentId: patient.assessmentId,
        path: 'media/00000000-0000-4000-8000-000000000001.webm',
        mediaType: 'video',
        mimeType: 'video/webm',
        status: 'uploading',
        sizeBytes: 250 * 1024 * 1024,
        createdAt: new Date(Date.now() - 25 * HOUR),
      })
      .returning();
    await runJob();
    const left = await t.database.db
      .select()
      .from(mediaUploads)
      .where(eq(mediaUploads.id, row!.id));
    expect(left).toEqual([]);
  });

  it('refuses to save an upload older than a day unless it is already the answer', async () => {
    const patient = await t.createPatient();
    const saved = await upload(patient, photoIds[0]);
    const late = await upload(patient, photoIds[1]);
    await ageUploads([saved, late], 25);

    const refused = await saveMedia(patient, late, photoIds[2]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Please take the photo or video for this question again.');
    expect((await saveMedia(patient, saved, photoIds[0])).statusCode).toBe(200);
  });

  it('runs on its hourly schedule without RETENTION_MONTHS', async () => {
    const patient = await t.createPatient();
    const abandoned = await leftOver(patient, photoIds[3]!);
    await ageUploads([abandoned], 25);

    // Not before its next hour has come; then it removes the upload.
    expect(await t.app.jobs.runDue()).toBe(0);
    expect(await kept(abandoned)).toEqual(KEPT);
    await runJob();
    expect(await kept(abandoned)).toEqual(GONE);
  });
});
