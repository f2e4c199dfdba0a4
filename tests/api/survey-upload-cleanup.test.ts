import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobLeases, mediaUploads, questions } from '../../src/server/db/schema';
import { runRetention } from '../../src/server/privacy/retention';
import { mediaFilesIn, postMedia, SAMPLE_BYTES } from '../helpers/multipart';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app';

const HOUR = 60 * 60 * 1000;

let t: TestApp;
let photoIds: number[];
/** The first run of the scheduled job, as the app set it up (a minute after the start). */
let firstScheduledRun: (() => void) | undefined;

beforeAll(async () => {
  const timers = vi.spyOn(globalThis, 'setTimeout');
  // RETENTION_MONTHS is not set: the job must be scheduled anyway for the upload clean-up.
  t = await createTestApp();
  const call = timers.mock.calls.find(([, delay]) => delay === 60_000);
  firstScheduledRun = call?.[0] as (() => void) | undefined;
  timers.mockRestore();
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

/** One run of the scheduled job, as an hour later: the previous run's lease has run out. */
async function runJob() {
  await t.database.db.delete(jobLeases);
  const result = await runRetention({ ...t.app.deps, log: t.app.log }, undefined);
  expect(result.ran).toBe(true);
  return result;
}

describe('Retake replaces the photo of an answer', () => {
  it('removes the earlier file and its record once the new one is saved', async () => {
    const patient = await t.createPatient();
    const first = await upload(patient);
    expect((await saveMedia(patient, first)).statusCode).toBe(200);
    const retake = await upload(patient);
    expect(await kept(first)).toEqual(KEPT);

    expect((await saveMedia(patient, retake)).statusCode).toBe(200);
    expect(await kept(first)).toEqual(GONE);
    expect(await kept(retake)).toEqual(KEPT);

    // Saving the same answer again (the final submit does) keeps its file.
    expect((await saveMedia(patient, retake)).statusCode).toBe(200);
    expect(await kept(retake)).toEqual(KEPT);
    // Retake and then moving on without a photo: the answer no longer has one, nor the store.
    expect((await saveMedia(patient, null)).statusCode).toBe(200);
    expect(await kept(retake)).toEqual(GONE);
  });

  it('keeps a file another answer still refers to', async () => {
    const patient = await t.createPatient();
    const shared = await upload(patient);
    expect((await saveMedia(patient, shared, photoIds[0])).statusCode).toBe(200);
    expect((await saveMedia(patient, shared, photoIds[1])).statusCode).toBe(200);
    expect((await saveMedia(patient, await upload(patient), photoIds[0])).statusCode).toBe(200);
    expect(await kept(shared)).toEqual(KEPT);
  });

  it('saves the answer when the old file cannot be removed, and leaves it to the clean-up job', async () => {
    const patient = await t.createPatient();
    const first = await upload(patient);
    await saveMedia(patient, first);
    const failing = vi
      .spyOn(t.app.deps.media, 'remove')
      .mockRejectedValueOnce(Object.assign(new Error('I/O error'), { code: 'EIO' }));
    const retake = await upload(patient);
    expect((await saveMedia(patient, retake)).statusCode).toBe(200);
    expect(failing).toHaveBeenCalledWith(first);
    failing.mockRestore();
    expect(await kept(first)).toEqual(KEPT);

    await ageUploads([first, retake], 25);
    await runJob();
    expect(await kept(first)).toEqual(GONE);
    expect(await kept(retake)).toEqual(KEPT);
  });
});

describe('clean-up of uploads no answer refers to', () => {
  it('removes unsaved uploads older than a day, files and records, and keeps saved and fresh ones', async () => {
    const patient = await t.createPatient();
    const saved = await upload(patient);
    await saveMedia(patient, saved);
    const abandoned = await upload(patient);
    const fresh = await upload(patient);
    await ageUploads([saved, abandoned], 25);
    await ageUploads([fresh], 23);

    const result = await runJob();
    expect(result.uploads).toBeGreaterThanOrEqual(1);
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
        accessCodeId: patient.accessCodeId,
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
    await saveMedia(patient, saved, photoIds[0]);
    const late = await upload(patient, photoIds[1]);
    await ageUploads([saved, late], 25);

    const refused = await saveMedia(patient, late, photoIds[1]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Please take the photo or video for this question again.');
    expect((await saveMedia(patient, saved, photoIds[0])).statusCode).toBe(200);
  });

  it('runs on its schedule without RETENTION_MONTHS', async () => {
    const patient = await t.createPatient();
    const abandoned = await upload(patient);
    await ageUploads([abandoned], 25);
    await t.database.db.delete(jobLeases);

    expect(firstScheduledRun).toBeTypeOf('function');
    firstScheduledRun!();
    for (let i = 0; i < 50 && (await kept(abandoned)).row; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await kept(abandoned)).toEqual(GONE);
  });
});
