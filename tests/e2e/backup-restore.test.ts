import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/platform/db/client';
import { assessments, mediaUploads, answers, users } from '../../src/server/schema';
import { newMediaPath } from '../../src/server/modules/media/media-store';
import { insertPatient } from '../helpers/admin-seed';
import { answerScreener, firstQuestionOfType, storedAnswer } from '../helpers/seed-answers';
import { SAMPLE_BYTES } from '../helpers/multipart';
import {
  mediaStoreOf,
  newDataDir,
  removeDataDir,
  startServer,
  withDataDirDatabase,
} from '../helpers/server-process';

const run = promisify(execFile);
let dataDir: string;
let workDir: string;
let code: string;
const originals = new Map<string, Buffer>();

/** The README's commands, exactly: npm run backup / npm run restore, with DATA_DIR only. */
const npmRun = (script: string, args: string[], env: Record<string, string> = {}) =>
  run('npm', ['run', '--silent', script, '--', ...args], {
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: error.stdout + error.stderr,
    }),
  );

/** Everything a restore must bring back, read straight from the database. */
async function snapshot(db: Db) {
  return {
    users: await db.select().from(users).orderBy(asc(users.id)),
    accessCodes: await db.select().from(assessments).orderBy(asc(assessments.id)),
    responses: await db.select().from(answers).orderBy(asc(answers.id)),
    media: await db.select().from(mediaUploads).orderBy(asc(mediaUploads.id)),
  };
}
let before: Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  dataDir = await newDataDir();
  workDir = await mkdtemp(join(tmpdir(), 'cmd-backups-'));
  const media = await mediaStoreOf(dataDir);
  before = await withDataDirDatabase(dataDir, async (db) => {
    const patient = await insertPatient(db, {
      email: 'backup@example.org',
      firstName: 'Jörg',
      lastName: 'Backup',
    });
    code = patient.code;
    const owner = { userId: patient.userId, assessmentId: patient.assessmentId };
    await answerScreener(
      db,
      { id: patient.userId, assessmentId: patient.assessmentId },
      [1, 0, 1, 1, 0, 1],
    );
    const text = await firstQuestionOfType(db, 'text');
    await db.insert(answers).values({
      ...owner,
      questionId: text.id,
      ...storedAnswer({ answerText: 'Knacken im Kiefer, morgens schlimmer — seit 2024' }),
    });
    // A photo and a video of several encryption chunks, stored as the upload route stores them.
    for (const [type, extension, bytes] of [
      ['photo', 'jpg', SAMPLE_BYTES.jpeg(40_000)],
      ['video', 'webm', SAMPLE_BYTES.webm(300_000)],
    ] as const) {
      const question = await firstQuestionOfType(db, type);
      const stored = await media.write(Readable.from([bytes]), newMediaPath(extension));
      originals.set(stored.path, bytes);
      await db.insert(mediaUploads).values({
        ...owner,
        questionId: question.id,
        path: stored.path,
        mediaType: type,
        mimeType: type === 'photo' ? 'image/jpeg' : 'video/webm',
        sizeBytes: stored.size,
      });
      await db.insert(answers).values({
        ...owner,
        questionId: question.id,
        ...storedAnswer({ mediaType: type, mediaPath: stored.path }),
      });
    }
    return snapshot(db);
  });
});
afterAll(async () => {
  await removeDataDir(dataDir);
  await rm(workDir, { recursive: true, force: true });
});

describe('backup and restore of the embedded database', () => {
  it('refuses to back up while a server holds the data directory', async () => {
    const server = await startServer({ dataDir });
    try {
      const refused = await npmRun('backup', ['--out', join(workDir, 'during.tar.gz')]);
      expect(refused.code).not.toBe(0);
      expect(refused.output).toContain('in use by a running server');
      await expect(stat(join(workDir, 'during.tar.gz'))).rejects.toThrow();
    } finally {
      await server.stop();
    }
  });

  it('backs up, and after the data directory is wiped restores every answer and media file', async () => {
    const archive = join(workDir, 'backup.tar.gz');
    const backup = await npmRun('backup', ['--out', archive]);
    expect(backup.output).toContain('2 media files');
    expect(backup.code).toBe(0);
    expect((await stat(archive)).mode & 0o077).toBe(0);

    // The key is kept apart from the backup, as the operator was told; then the disk is lost.
    const keyCopy = join(workDir, 'media-key');
    await copyFile(join(dataDir, 'media-key'), keyCopy);
    await removeDataDir(dataDir);
    await mkdir(dataDir);

    const withoutKey = await npmRun('restore', [archive]);
    expect(withoutKey.code).not.toBe(0);
    expect(withoutKey.output).toContain('Put the media key back first');

    await copyFile(keyCopy, join(dataDir, 'media-key'));
    const restored = await npmRun('restore', [archive]);
    expect(restored.output).toContain('Restored the database and 2 media files');
    expect(restored.code).toBe(0);

    // Every row as it was, and every media file decrypts to the very bytes uploaded.
    const media = await mediaStoreOf(dataDir);
    const after = await withDataDirDatabase(dataDir, (db) => snapshot(db));
    expect(after).toEqual(before);
    expect(after.responses.length).toBeGreaterThan(7);
    for (const [path, bytes] of originals) {
      expect((await buffer(media.read(path))).equals(bytes), path).toBe(true);
    }

    // A second restore would overwrite live data: refused.
    const again = await npmRun('restore', [archive]);
    expect(again.code).not.toBe(0);
    expect(again.output).toContain('already holds a database');

    // The server runs on the restored data, and the patient's access code still signs in.
    const server = await startServer({ dataDir });
    try {
      const signIn = await fetch(`${server.baseUrl}/api/verify-access-code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      });
      expect(signIn.status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
