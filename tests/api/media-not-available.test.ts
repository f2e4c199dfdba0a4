import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessments } from '../../src/server/schema';
import { mediaKeyring } from '../../src/server/modules/media/media-keys';
import { createLocalMediaStore, newMediaPath } from '../../src/server/modules/media/media-store';
import { seedMediaAnswer } from '../helpers/seed-media';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app';

/**
 * A photo or video whose file is gone from the store (removed by hand, lost with a disk, another
 * instance's disk) or cannot be decrypted (sealed with a key no longer configured): the export,
 * the case report and playback say "not available" and log it without anything about the
 * patient, and the server goes on serving.
 */
const run = promisify(execFile);
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});
let t: TestApp;
let admin: TestUser;
let work: string;

beforeAll(async () => {
  t = await createTestApp({}, {}, logStream);
  admin = await t.createAdmin();
  work = await mkdtemp(join(tmpdir(), 'not-available-'));
});
afterAll(async () => {
  await t.close();
  await rm(work, { recursive: true, force: true });
});

const unavailableLogs = () =>
  logLines.map((line) => JSON.parse(line)).filter((e) => e.msg === 'a media file is not available');

/** A patient with a photo and a video; the given ones are then removed from the store. */
async function patientWithMedia(language: 'en' | 'de', lastName: string) {
  const patient = await t.createPatient({ language, firstName: 'Gerda', lastName });
  const photo = await seedMediaAnswer(t, patient, 'photo');
  const video = await seedMediaAnswer(t, patient, 'video');
  return { patient, photo, video };
}

async function unzip(payload: Buffer): Promise<string> {
  const dir = await mkdtemp(join(work, 'zip-'));
  await writeFile(join(dir, 'export.zip'), payload);
  await run('unzip', ['-q', join(dir, 'export.zip'), '-d', join(dir, 'out')]);
  return join(dir, 'out');
}

const exportOf = (patient: TestUser) =>
  t.app.inject({ method: 'GET', url: '/api/me/export.zip', headers: patient.headers });

describe('the patient export with a file missing from the store', () => {
  it('lists the file as not available, in the patient’s language, and sends the rest', async () => {
    for (const [language, note] of [
      ['en', /^Not available: this photo or video could not be read/],
      ['de', /^Nicht verfügbar: Dieses Foto oder Video konnte nicht/],
    ] as const) {
      const { patient, photo, video } = await patientWithMedia(language, `Export-${language}`);
      await t.app.deps.media.remove(video.path);
      const logsBefore = unavailableLogs().length;

      const reply = await exportOf(patient);
      expect(reply.statusCode).toBe(200);
      const out = await unzip(reply.rawPayload);
      const data = JSON.parse(await readFile(join(out, 'data.json'), 'utf8'));
      const entries = Object.fromEntries(
        data.media.map((m: { file: string }) => [m.file, m]),
      ) as Record<string, { available?: boolean; note?: string }>;
      expect(entries[video.path]).toMatchObject({
        available: false,
        note: expect.stringMatching(note),
      });
      expect(entries[photo.path]!.available).toBeUndefined();
      expect(await readdir(join(out, 'media'))).toEqual([photo.path.slice('media/'.length)]);
      expect((await readFile(join(out, photo.path))).equals(photo.bytes)).toBe(true);

      const logged = unavailableLogs().slice(logsBefore);
      expect(logged).toMatchObject([{ reader: 'patient-export', reason: 'missing' }]);
      const text = JSON.stringify(logged);
      for (const secret of [patient.email, 'Gerda', video.path]) expect(text).not.toContain(secret);
    }
  });

  it('ends the download, not the process, when a file disappears while it is sent', async () => {
    const { patient, video } = await patientWithMedia('en', 'Vanishing');
    const media = t.app.deps.media;
    const original = media.read.bind(media);
    // The file is there when checked and fails halfway through reading, as a file removed by
    // another instance's erasure at that moment would.
    media.read = (path, range) =>
      path === video.path
        ? Readable.from(
            (async function* () {
              yield Buffer.alloc(1000);
              throw Object.assign(new Error('gone'), { code: 'ENOENT' });
            })(),
          )
        : original(path, range);
    const logsBefore = unavailableLogs().length;
    try {
      // The connection is cut: the browser shows a failed download, not a ZIP lacking a file.
      await expect(exportOf(patient)).rejects.toThrow(/destroyed before completion/);
    } finally {
      media.read = original;
    }
    expect(unavailableLogs().slice(logsBefore)).toMatchObject([
      { reader: 'patient-export', reason: 'missing' },
    ]);
    // Still serving.
    expect((await exportOf(patient)).statusCode).toBe(200);
  });
});

describe('the case report with files missing from the store', () => {
  it('prints "not available" for the photo and the video, in the reader’s language', async () => {
    const { patient, photo, video } = await patientWithMedia('en', 'Report');
    await t.app.deps.media.remove(photo.path);
    await t.app.deps.media.remove(video.path);
    for (const [language, photoLine, videoLine] of [
      ['en', 'Photo not available', 'Video not available'],
      ['de', 'Foto nicht verfügbar', 'Video nicht verfügbar'],
    ] as const) {
      // The report is written in the language of the administrator's session.
      await t.database.db
        .update(assessments)
        .set({ language })
        .where(eq(assessments.id, admin.assessmentId));
      const logsBefore = unavailableLogs().length;
      const reply = await t.app.inject({
        method: 'GET',
        url: `/api/admin/assessments/${patient.assessmentId}/report.pdf`,
        headers: admin.headers,
      });
      expect(reply.statusCode).toBe(200);
      const file = join(work, `report-${language}.pdf`);
      await writeFile(file, reply.rawPayload);
      const { stdout } = await run('pdftotext', [file, '-']);
      const text = stdout.replace(/\s+/g, ' ');
      expect(text).toContain(photoLine);
      expect(text).toContain(videoLine);
      expect(text).not.toContain('Video recorded');
      const logged = unavailableLogs().slice(logsBefore);
      expect(logged.map((entry) => entry.reader)).toEqual(['case-report', 'case-report']);
    }
  });
});

describe('playback of a file that is not available', () => {
  const play = (who: TestUser, url: string, range?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { ...who.headers, ...(range ? { range } : {}) },
    });

  it('is a 404 "not available" for the administrator and the patient, whole or ranged', async () => {
    const { patient, video } = await patientWithMedia('en', 'Playback');
    await t.app.deps.media.remove(video.path);
    for (const range of [undefined, 'bytes=0-1023']) {
      const asAdmin = await play(admin, `/api/admin/media/${video.path}`, range);
      expect(asAdmin.statusCode).toBe(404);
      expect(asAdmin.json().message).toBe('This photo or video is not available.');
      const own = await play(patient, `/api/survey/media/${video.path}`, range);
      expect(own.statusCode).toBe(404);
    }
    const german = await t.app.inject({
      method: 'GET',
      url: `/api/admin/media/${video.path}`,
      headers: { ...admin.headers, 'accept-language': 'de' },
    });
    expect(german.json().message).toBe('Dieses Foto oder Video ist nicht verfügbar.');
  });

  it('is a 404, not a server error, for a file sealed with a key that is not configured', async () => {
    const { patient } = await patientWithMedia('en', 'Rotated');
    // A file sealed with a key this server does not have (dropped from the old keys too early).
    const stranger = createLocalMediaStore(t.config.mediaDir, mediaKeyring(randomBytes(32)));
    const { path } = await stranger.write(Readable.from([randomBytes(5000)]), newMediaPath('jpg'));
    const logsBefore = unavailableLogs().length;
    const reply = await play(admin, `/api/admin/media/${path}`, 'bytes=0-99');
    expect(reply.statusCode).toBe(404);
    expect(unavailableLogs().slice(logsBefore)).toMatchObject([
      { reader: 'playback', reason: 'unreadable' },
    ]);
    expect((await exportOf(patient)).statusCode).toBe(200);
  });
});
