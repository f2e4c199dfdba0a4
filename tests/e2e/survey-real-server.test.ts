import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  newDataDir,
  removeDataDir,
  startServer,
  withDataDirDatabase,
} from '../helpers/server-process';
import { insertSignedInPatient } from '../helpers/signed-in-patient';

describe('survey answers and uploads against the real server process', () => {
  it('keeps an answer that was acknowledged, even when the process is killed right after', async () => {
    const dataDir = await newDataDir();
    const secret = randomBytes(32).toString('base64url');
    const { headers } = await withDataDirDatabase(dataDir, (db) =>
      insertSignedInPatient(db, secret, 'durable@example.org'),
    );
    const env = { JWT_SECRET: secret };
    try {
      let server = await startServer({ dataDir, env });
      const questions = (await (
        await fetch(`${server.baseUrl}/api/survey/questions`, { headers })
      ).json()) as { id: number; questionType: string; answer?: { answerText: string } }[];
      const text = questions.find((q) => q.questionType === 'text')!;
      const saved = await fetch(`${server.baseUrl}/api/survey/responses`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ questionId: text.id, answerText: 'Clicking jaw since 2019' }),
      });
      expect(saved.status).toBe(200);
      await server.stop('SIGKILL');

      server = await startServer({ dataDir, env });
      const after = (await (
        await fetch(`${server.baseUrl}/api/survey/questions`, { headers })
      ).json()) as typeof questions;
      expect(after.find((q) => q.id === text.id)?.answer?.answerText).toBe(
        'Clicking jaw since 2019',
      );
      await server.stop();
    } finally {
      await removeDataDir(dataDir);
    }
  }, 120_000);

  it('answers an oversize upload over real HTTP with 413 and keeps no file', async () => {
    const dataDir = await newDataDir();
    const secret = randomBytes(32).toString('base64url');
    const { headers } = await withDataDirDatabase(dataDir, (db) =>
      insertSignedInPatient(db, secret, 'big@example.org'),
    );
    const authorization = { authorization: headers.authorization };
    const server = await startServer({
      dataDir,
      env: { JWT_SECRET: secret, MEDIA_MAX_BYTES: String(256 * 1024) },
    });
    try {
      const questions = (await (
        await fetch(`${server.baseUrl}/api/survey/questions`, { headers: authorization })
      ).json()) as { id: number; questionType: string }[];
      const video = questions.find((q) => q.questionType === 'video')!;
      const big = new Uint8Array(8 * 1024 * 1024);
      big.set([0x1a, 0x45, 0xdf, 0xa3]);
      const form = new FormData();
      form.append('type', 'video');
      form.append('questionId', String(video.id));
      form.append('media', new Blob([big], { type: 'video/webm' }), 'long.webm');
      const reply = await fetch(`${server.baseUrl}/api/survey/media`, {
        method: 'POST',
        headers: authorization,
        body: form,
      });
      expect(reply.status).toBe(413);
      expect(((await reply.json()) as { message: string }).message).toMatch(/too large/);
      const files = await readdir(join(dataDir, 'media'), { recursive: true }).catch(() => []);
      expect(files.filter((f) => /\.(webm|mp4|jpg|png)$/.test(String(f)))).toEqual([]);
    } finally {
      await server.stop();
      await removeDataDir(dataDir);
    }
  }, 120_000);
});
