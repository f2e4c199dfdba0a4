import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaUploads } from '../../src/server/schema';
import { postMedia, SAMPLE_BYTES } from '../helpers/multipart';
import { startS3Server } from '../helpers/s3-server';
import { firstQuestionOfType } from '../helpers/seed-answers';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Uploads into the S3 store through the API, on one instance with the embedded database: a kept
 * upload is one object in the bucket, a refused one leaves none, and readiness follows the bucket.
 */
let s3: Awaited<ReturnType<typeof startS3Server>>;
let t: TestApp;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({
    ...s3.env,
    MEDIA_MAX_BYTES: String(512 * 1024),
    METRICS_TOKEN: METRICS_TOKEN,
  });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const METRICS_TOKEN = 'metrics-token-for-the-s3-outage-0123456789';

const mediaObjects = async () => (await s3.objectNames()).filter((n) => n.startsWith('media/'));

describe('uploads into an S3 bucket', () => {
  it('store a video as one object, read back whole and by range; Retake removes the old one', async () => {
    const patient = await t.createPatient();
    const question = await firstQuestionOfType(t.database.db, 'video');
    const first = SAMPLE_BYTES.webm(300_000);
    const reply = await postMedia(
      t.app,
      patient.headers,
      { type: 'video', questionId: question.id },
      first,
    );
    expect(reply.statusCode).toBe(200);
    const { mediaPath } = reply.json();
    expect(await mediaObjects()).toEqual([mediaPath]);

    const part = await t.app.inject({
      method: 'GET',
      url: `/api/survey/media/${mediaPath}`,
      headers: { ...patient.headers, range: 'bytes=1000-1999' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(first.subarray(1000, 2000))).toBe(true);

    const retake = await postMedia(
      t.app,
      patient.headers,
      { type: 'video', questionId: question.id },
      SAMPLE_BYTES.webm(200_000),
    );
    expect(retake.statusCode).toBe(200);
    expect(await mediaObjects()).toEqual([retake.json().mediaPath]);
  });

  it('leave no object and no record behind when refused', async () => {
    const patient = await t.createPatient();
    const before = await mediaObjects();
    const rows = (await t.database.db.select().from(mediaUploads)).length;
    const question = await firstQuestionOfType(t.database.db, 'video');
    const tooLarge = await postMedia(
      t.app,
      patient.headers,
      { type: 'video', questionId: question.id },
      SAMPLE_BYTES.webm(2 * 1024 * 1024),
    );
    expect(tooLarge.statusCode).toBe(413);
    const wrongKind = await postMedia(
      t.app,
      patient.headers,
      { type: 'video', questionId: question.id },
      SAMPLE_BYTES.text(5000),
    );
    expect(wrongKind.statusCode).toBe(415);
    const photoForVideo = await postMedia(
      t.app,
      patient.headers,
      { type: 'video', questionId: question.id },
      SAMPLE_BYTES.jpeg(5000),
    );
    expect(photoForVideo.statusCode).toBe(415);
    expect(await mediaObjects()).toEqual(before);
    expect((await t.database.db.select().from(mediaUploads)).length).toBe(rows);
  });

  it('keep the server ready when the bucket stops answering, and refuse only uploads (503, Retry-After)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    await s3.close();
    const reply = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().checks.media).toMatchObject({ ok: false, required: false });
    expect(reply.json().checks.database.ok).toBe(true);
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toContain('dependency_up{dependency="media"} 0');
    expect(metrics.body).toContain('dependency_up{dependency="database"} 1');

    const patient = await t.createPatient();
    const question = await firstQuestionOfType(t.database.db, 'photo');
    const upload = await postMedia(
      t.app,
      patient.headers,
      { type: 'photo', questionId: question.id },
      SAMPLE_BYTES.jpeg(5000),
    );
    expect(upload.statusCode).toBe(503);
    expect(upload.headers['retry-after']).toBe('30');
    expect(upload.json().message).toMatch(/cannot be stored or played right now/);
  });
});
