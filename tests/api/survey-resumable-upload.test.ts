import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SurveyQuestion } from '../../src/shared/contracts/survey';
import { mediaUploads, resumableUploads } from '../../src/server/schema';
import { SAMPLE_BYTES } from '../helpers/multipart';
import { surveyOf } from '../helpers/survey-api';
import { erasePatient } from '../../src/server/modules/privacy/erase';
import { removeUnreferencedUploads } from '../../src/server/modules/media/upload-cleanup';
import { useTestApp, type TestUser } from '../helpers/test-app';
import { createUpload, headUpload, patchUpload } from '../helpers/tus';

const MAX = 200_000;
const HOUR = 60 * 60 * 1000;
const t = useTestApp({
  MEDIA_MAX_BYTES: String(MAX),
  MEDIA_QUOTA_BYTES: String(300_000),
  MEDIA_QUOTA_FILES: '10',
});

const firstOfType = (survey: SurveyQuestion[], type: SurveyQuestion['questionType']) =>
  survey.find((q) => q.questionType === type)!;

async function questionsOf(patient: TestUser) {
  const survey = await surveyOf(t.app, patient.headers);
  return { photo: firstOfType(survey, 'photo'), video: firstOfType(survey, 'video') };
}

/** A video whose every byte differs from its neighbours', so a misplaced part shows. */
const randomVideo = (size: number) => {
  const bytes = randomBytes(size);
  SAMPLE_BYTES.webm(16).copy(bytes, 0, 0, 9);
  return bytes;
};

async function created(patient: TestUser, questionId: number, length: number) {
  const reply = await createUpload(t.app, patient.headers, { length, questionId });
  expect(reply.statusCode).toBe(201);
  const location = reply.headers.location as string;
  expect(location).toMatch(/^\/api\/survey\/uploads\/[0-9a-f]{32}$/);
  return location;
}

const ownMedia = (patient: TestUser, path: string) =>
  t.app.inject({ method: 'GET', url: `/api/survey/media/${path}`, headers: patient.headers });

/** The app over real HTTP (listening once per file). */
let listening: Promise<string> | null = null;
const httpAddress = () => (listening ??= t.app.listen({ port: 0, host: '127.0.0.1' }));

/** The upload's row as every instance reads it, or undefined once it is gone. */
async function rowOf(location: string) {
  const id = location.split('/').pop()!;
  const [row] = await t.database.db
    .select()
    .from(resumableUploads)
    .where(eq(resumableUploads.id, id));
  return row;
}

describe('resumable uploads (tus) under /api/survey/uploads', () => {
  it('creates, takes the file in parts, reports the offset and stores it byte-identical as the answer', async () => {
    const patient = await t.createPatient();
    const { video } = await questionsOf(patient);
    const data = randomVideo(100_000);
    const location = await created(patient, video.id, data.length);

    const first = await patchUpload(t.app, patient.headers, location, 0, data.subarray(0, 30_000));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe('30000');
    const head = await headUpload(t.app, patient.headers, location);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('30000');
    expect(head.headers['upload-length']).toBe('100000');
    // The HEAD answer repeats the question only, nothing the server keeps about the owner.
    expect(head.headers['upload-metadata']).toBe(`questionId ${btoa(String(video.id))}`);

    // The bytes not yet a sealed chunk are kept for the next PATCH, not as plain bytes.
    const partial = await rowOf(location);
    expect(partial!.offset).toBe(30_000);
    expect(partial!.tail!.length).toBeGreaterThan(30_000);
    expect(partial!.tail!.includes(data.subarray(1000, 1100))).toBe(false);

    // A part sent at a stale offset changes nothing.
    const stale = await patchUpload(t.app, patient.headers, location, 0, data.subarray(0, 10));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/disagree about how much has arrived/);

    const last = await patchUpload(t.app, patient.headers, location, 30_000, data.subarray(30_000));
    expect(last.statusCode).toBe(200);
    const { mediaPath } = last.json();
    expect(mediaPath).toMatch(/^media\/[0-9a-f-]{36}\.webm$/);

    const stored = await ownMedia(patient, mediaPath);
    expect(stored.statusCode).toBe(200);
    expect(stored.rawPayload.equals(data)).toBe(true);
    const answer = (await surveyOf(t.app, patient.headers)).find((q) => q.id === video.id)!;
    expect(answer.answer?.mediaPath).toBe(mediaPath);
    // A client whose last reply was lost learns the answer from HEAD.
    const done = await headUpload(t.app, patient.headers, location);
    expect(done.headers['upload-offset']).toBe('100000');
    expect(JSON.parse(done.headers['upload-result'] as string)).toEqual(last.json());
    // No bytes are left with the upload once it is the answer; its row says it is complete.
    expect(await rowOf(location)).toMatchObject({ offset: 100_000, tail: null, pending: null });
    const rows = await t.database.db
      .select()
      .from(mediaUploads)
      .where(eq(mediaUploads.assessmentId, patient.assessmentId));
    expect(rows.map((r) => [r.status, r.sizeBytes])).toEqual([['stored', 100_000]]);
  });

  it('over HTTP: a connection cut mid-PATCH keeps what arrived, HEAD tells where, and the rest completes the file', async () => {
    const patient = await t.createPatient();
    const { video } = await questionsOf(patient);
    const data = randomVideo(150_000);
    const location = await created(patient, video.id, data.length);
    const address = await httpAddress();

    // Declares the whole rest but sends only 64 KiB, then the network drops.
    const cut = request(`${address}${location}`, {
      method: 'PATCH',
      headers: {
        ...patient.headers,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(data.length),
      },
    });
    cut.on('error', () => undefined);
    cut.write(data.subarray(0, 65_536));
    // Lets the bytes reach the server (without asking tus, which would wait for the PATCH), then
    // cuts the connection.
    await new Promise((resolve) => setTimeout(resolve, 300));
    cut.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));

    const head = await headUpload(t.app, patient.headers, location);
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBe(65_536);

    const rest = await patchUpload(t.app, patient.headers, location, offset, data.subarray(offset));
    expect(rest.statusCode).toBe(200);
    const stored = await ownMedia(patient, rest.json().mediaPath);
    expect(stored.rawPayload.equals(data)).toBe(true);
  });

  it('over HTTP: a PATCH refused before its body is read does not hold up the connection', async () => {
    const patient = await t.createPatient();
    const { video } = await questionsOf(patient);
    const data = randomVideo(150_000);
    const location = await created(patient, video.id, data.length);
    const address = await httpAddress();
    // One kept-alive connection, as a browser reuses it for the HEAD after a refusal.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, headers: Record<string, string>, body?: Buffer) =>
      new Promise<{ status: number; headers: Record<string, unknown> }>((resolve, reject) => {
        const req = request(`${address}${location}`, {
          method,
          agent,
          headers: { ...patient.headers, 'tus-resumable': '1.0.0', ...headers },
        });
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }));
        });
        req.on('error', reject);
        req.end(body);
      });
    try {
      const stale = await send(
        'PATCH',
        { 'upload-offset': '100', 'content-type': 'application/offset+octet-stream' },
        data,
      );
      expect(stale.status).toBe(409);
      const head = await Promise.race([
        send('HEAD', {}),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('HEAD hung')), 5000)),
      ]);
      expect(head.status).toBe(200);
      expect(head.headers['upload-offset']).toBe('0');
    } finally {
      agent.destroy();
    }
  });

  it('refuses a file over MEDIA_MAX_BYTES before any byte, with a JSON message in the patient language', async () => {
    const patient = await t.createPatient();
    const { video } = await questionsOf(patient);
    const reply = await createUpload(
      t.app,
      { ...patient.headers, 'accept-language': 'de' },
      { length: MAX + 1, questionId: video.id },
    );
    expect(reply.statusCode).toBe(413);
    expect(reply.json().message).toMatch(/Die Datei ist zu groß/);
  });

  it('refuses an upload beyond the assessment quota at creation, and counts a reserved one', async () => {
    const patient = await t.createPatient();
    const { photo, video } = await questionsOf(patient);
    // An unfinished upload holds its place: 180 kB of 300 kB.
    await created(patient, video.id, 180_000);
    const over = await createUpload(t.app, patient.headers, {
      length: 150_000,
      questionId: photo.id,
      filetype: 'image/jpeg',
    });
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toMatch(/reached its limit for photos and videos/);
    // A new upload of the same question gives the unfinished one's place back.
    await created(patient, video.id, 150_000);
    const fits = await createUpload(t.app, patient.headers, {
      length: 150_000,
      questionId: photo.id,
      filetype: 'image/jpeg',
    });
    expect(fits.statusCode).toBe(201);
  });

  it('refuses bytes that are not the question kind when they have arrived, and keeps nothing', async () => {
    const patient = await t.createPatient();
    const { photo, video } = await questionsOf(patient);
    for (const [question, bytes] of [
      [video, SAMPLE_BYTES.text(5000)],
      [photo, SAMPLE_BYTES.webm(5000)],
    ] as const) {
      const location = await created(patient, question.id, bytes.length);
      const reply = await patchUpload(
        t.app,
        { ...patient.headers, 'accept-language': 'de' },
        location,
        0,
        bytes,
      );
      expect(reply.statusCode).toBe(415);
      expect(reply.json().message).toMatch(/kein unterstütztes Foto/);
      expect((await headUpload(t.app, patient.headers, location)).statusCode).toBe(404);
    }
    const staged = await t.database.db
      .select()
      .from(resumableUploads)
      .where(eq(resumableUploads.assessmentId, patient.assessmentId));
    expect(staged).toEqual([]);
    const rows = await t.database.db
      .select()
      .from(mediaUploads)
      .where(eq(mediaUploads.assessmentId, patient.assessmentId));
    expect(rows).toEqual([]);
    // A photo question takes a PNG even though the client declared a JPEG.
    const png = SAMPLE_BYTES.png(3000);
    const location = await created(patient, photo.id, png.length);
    const reply = await patchUpload(t.app, patient.headers, location, 0, png);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().mediaPath).toMatch(/\.png$/);
  });

  it('refuses a question that takes no file, and metadata without a question', async () => {
    const patient = await t.createPatient();
    const survey = await surveyOf(t.app, patient.headers);
    const text = firstOfType(survey, 'text');
    const reply = await createUpload(t.app, patient.headers, { length: 100, questionId: text.id });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toMatch(/media type and the question/);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/survey/uploads',
      headers: { ...patient.headers, 'tus-resumable': '1.0.0', 'upload-length': '100' },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBeTruthy();
  });

  it('attacker: another session can neither see nor resume someone else’s upload, and no session none', async () => {
    const owner = await t.createPatient();
    const attacker = await t.createPatient();
    const { video } = await questionsOf(owner);
    const data = randomVideo(20_000);
    const location = await created(owner, video.id, data.length);
    await patchUpload(t.app, owner.headers, location, 0, data.subarray(0, 5000));

    const peek = await headUpload(t.app, attacker.headers, location);
    expect(peek.statusCode).toBe(404);
    expect(peek.headers['upload-offset']).toBeUndefined();
    const hijack = await patchUpload(t.app, attacker.headers, location, 5000, data.subarray(5000));
    expect(hijack.statusCode).toBe(404);
    expect(hijack.json().message).toMatch(/does not exist or has expired/);
    const anonymous = await patchUpload(t.app, {}, location, 5000, data.subarray(5000));
    expect(anonymous.statusCode).toBe(401);
    const unknown = await headUpload(
      t.app,
      attacker.headers,
      '/api/survey/uploads/' + 'a'.repeat(32),
    );
    expect(unknown.statusCode).toBe(404);

    // The owner's upload is untouched and finishes as theirs.
    expect((await headUpload(t.app, owner.headers, location)).headers['upload-offset']).toBe(
      '5000',
    );
    const done = await patchUpload(t.app, owner.headers, location, 5000, data.subarray(5000));
    expect(done.statusCode).toBe(200);
    expect((await ownMedia(attacker, done.json().mediaPath)).statusCode).toBe(404);
    expect((await ownMedia(owner, done.json().mediaPath)).rawPayload.equals(data)).toBe(true);
  });

  it('refuses a new upload once the assessment is completed', async () => {
    const patient = await t.createPatient();
    const { video } = await questionsOf(patient);
    const location = await created(patient, video.id, 1000);
    await t.database.db.execute(
      `UPDATE assessments SET status = 'submitted' WHERE id = ${patient.assessmentId}` as never,
    );
    expect(
      (await createUpload(t.app, patient.headers, { length: 1000, questionId: video.id }))
        .statusCode,
    ).toBe(409);
    const late = await patchUpload(t.app, patient.headers, location, 0, SAMPLE_BYTES.webm(1000));
    expect(late.statusCode).toBe(409);
  });

  it('the hourly clean-up removes an upload abandoned for a day, its partial data and its quota', async () => {
    const patient = await t.createPatient();
    const { video } = await questionsOf(patient);
    const location = await created(patient, video.id, 50_000);
    await patchUpload(t.app, patient.headers, location, 0, randomVideo(10_000));

    // An hour later it is still resumable.
    await removeUnreferencedUploads({ ...t.app.deps, log: t.app.log }, new Date(Date.now() + HOUR));
    expect((await headUpload(t.app, patient.headers, location)).headers['upload-offset']).toBe(
      '10000',
    );

    await removeUnreferencedUploads(
      { ...t.app.deps, log: t.app.log },
      new Date(Date.now() + 25 * HOUR),
    );
    expect((await headUpload(t.app, patient.headers, location)).statusCode).toBe(404);
    expect(await rowOf(location)).toBeUndefined();
    const rows = await t.database.db
      .select()
      .from(mediaUploads)
      .where(eq(mediaUploads.assessmentId, patient.assessmentId));
    expect(rows).toEqual([]);
  });

  it('erasing the patient removes their unfinished upload at once', async () => {
    const patient = await t.createPatient();
    const { video } = await questionsOf(patient);
    const location = await created(patient, video.id, 50_000);
    await patchUpload(t.app, patient.headers, location, 0, randomVideo(10_000));
    expect(await rowOf(location)).toBeDefined();
    await erasePatient({ ...t.app.deps, log: t.app.log }, patient.id, 'request', null);
    expect(await rowOf(location)).toBeUndefined();
  });
});
