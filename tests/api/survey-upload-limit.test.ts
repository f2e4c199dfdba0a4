import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mediaUploads } from '../../src/server/schema';
import { multipartBody, SAMPLE_BYTES } from '../helpers/multipart';
import { useTestApp } from '../helpers/test-app';

const t = useTestApp({ MEDIA_MAX_BYTES: '4096' });

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)])),
  );
  return nested.flat();
}

describe('media size limit (MEDIA_MAX_BYTES)', () => {
  it('refuses a file above the limit with 413 and leaves no file or record behind', async () => {
    const patient = await t.createPatient();
    const questions = (
      await t.app.inject({ method: 'GET', url: '/api/survey/questions', headers: patient.headers })
    ).json() as { id: number; questionType: string }[];
    const video = questions.find((q) => q.questionType === 'video')!;
    const { payload, headers } = multipartBody(
      { type: 'video', questionId: String(video.id) },
      {
        name: 'media',
        filename: 'long.webm',
        contentType: 'video/webm',
        data: SAMPLE_BYTES.webm(64 * 1024),
      },
    );
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/survey/media',
      headers: { ...patient.headers, ...headers },
      payload,
    });
    expect(reply.statusCode).toBe(413);
    expect(reply.json().message).toMatch(/too large/);
    expect(await filesUnder(t.config.mediaDir)).toEqual([]);
    expect(await t.database.db.select().from(mediaUploads)).toEqual([]);

    // A file within the limit still goes through.
    const small = multipartBody(
      { type: 'video', questionId: String(video.id) },
      {
        name: 'media',
        filename: 'short.webm',
        contentType: 'video/webm',
        data: SAMPLE_BYTES.webm(4000),
      },
    );
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/survey/media',
      headers: { ...patient.headers, ...small.headers },
      payload: small.payload,
    });
    expect(ok.statusCode).toBe(200);
    expect(await filesUnder(t.config.mediaDir)).toHaveLength(1);
  });
});
