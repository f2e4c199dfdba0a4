import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { resumableUploads } from '../../src/server/schema';
import { SAMPLE_BYTES } from '../helpers/multipart';
import { surveyOf } from '../helpers/survey-api';
import { useTestApp } from '../helpers/test-app';
import { createUpload, headUpload } from '../helpers/tus';

const MiB = 1024 * 1024;
const t = useTestApp({
  MEDIA_MAX_BYTES: String(32 * MiB),
  MEDIA_QUOTA_BYTES: String(64 * MiB),
});

/**
 * The disk store writes a resumable upload's chunks while the PATCH is still arriving: a write
 * that fails then (a full disk) must surface as the PATCH's answer, not as an unhandled failure
 * of the process, and nothing the server acknowledges may be missing from the file.
 */
describe('a resumable upload to disk whose writes fail mid-PATCH', () => {
  it('answers 503 with a message, keeps what it acknowledged, and completes byte for byte once the disk takes writes again', async () => {
    const patient = await t.createPatient();
    const video = (await surveyOf(t.app, patient.headers)).find((q) => q.questionType === 'video')!;
    const data = randomBytes(20 * MiB + 4321);
    SAMPLE_BYTES.webm(16).copy(data, 0, 0, 9);
    const created = await createUpload(t.app, patient.headers, {
      length: data.length,
      questionId: video.id,
    });
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    // Over HTTP, so that the bytes arrive in the socket's pieces, as a browser's do.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const patch = (from: number, to: number) =>
      fetch(`${address}${location}`, {
        method: 'PATCH',
        headers: {
          ...patient.headers,
          'tus-resumable': '1.0.0',
          'upload-offset': String(from),
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(data.subarray(from, to)),
      });

    expect((await patch(0, 8 * MiB)).status).toBe(204);

    const parts = t.app.deps.media.parts;
    const put = parts.put.bind(parts);
    let writes = 0;
    // The disk fills up after two more chunks: every write fails until it is freed.
    parts.put = async (...args) => {
      writes += 1;
      if (writes > 2) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      return put(...args);
    };
    let refused;
    try {
      refused = await patch(8 * MiB, 16 * MiB);
    } finally {
      parts.put = put;
    }
    expect(writes).toBeGreaterThan(2);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    expect((await refused.json()).message).toMatch(/cannot be stored/);

    // Whatever the server says it holds is what the client resumes from; the chunks the disk
    // refused wait, sealed, in the upload's row.
    const head = await headUpload(t.app, patient.headers, location);
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBeGreaterThanOrEqual(8 * MiB);
    expect(offset).toBeLessThanOrEqual(16 * MiB);
    const [row] = await t.database.db
      .select()
      .from(resumableUploads)
      .where(eq(resumableUploads.id, location.split('/').pop()!));
    expect(row!.offset).toBe(offset);
    expect(row!.pending?.length).toBeGreaterThan(0);

    const last = await patch(offset, data.length);
    expect(last.status).toBe(200);
    const { mediaPath } = await last.json();
    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/survey/media/${mediaPath}`,
      headers: patient.headers,
    });
    expect(stored.statusCode).toBe(200);
    expect(stored.rawPayload.equals(data)).toBe(true);
  }, 60_000);
});
