import { randomBytes } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { buffer } from 'node:stream/consumers';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mediaUploads, questions, answers } from '../../src/server/schema';
import { fakeJpeg } from '../helpers/seed-media';
import { insertSignedInPatient } from '../helpers/signed-in-patient';
import {
  mediaStoreOf,
  newDataDir,
  removeDataDir,
  startServer,
  withDataDirDatabase,
} from '../helpers/server-process';
import { answerFieldsOf } from '../../src/shared/contracts/answer';

/**
 * Process-level faults on the embedded database (PGlite, the default): the server is killed with
 * SIGKILL, so nothing of its own shutdown runs, and a fresh process must start on what is on disk.
 */

const CLIENTS = 20;
const POINTS = 6;

interface Patient {
  userId: number;
  assessmentId: number;
  headers: Record<string, string>;
}

async function preparePatients(dataDir: string, secret: string, count: number) {
  return withDataDirDatabase(dataDir, async (db) => {
    const all = await db.select().from(questions);
    const patients: Patient[] = [];
    for (let i = 0; i < count; i++) {
      patients.push(await insertSignedInPatient(db, secret, `fault-${i}@example.org`));
    }
    const byType = (type: string) => all.filter((q) => q.questionType === type).map((q) => q.id);
    return { patients, text: byType('text'), atlas: byType('pain_atlas'), video: byType('video') };
  });
}

/** The answer a client sends as its `seq`-th save: a text and a pain map that both name it. */
function answerBody(client: number, seq: number, textIds: number[], atlasId: number) {
  if (seq % 2 === 0) {
    const questionId = textIds[(seq / 2) % textIds.length]!;
    return {
      questionId,
      body: { questionId, answerText: `client ${client} save ${seq} ${'x'.repeat(200)} end` },
    };
  }
  return {
    questionId: atlasId,
    body: {
      questionId: atlasId,
      painPoints: Array.from({ length: POINTS }, (_, p) => ({
        id: `c${client}-s${seq}-p${p}`,
        x: (p + 1) / 10,
        y: 0.5,
        intensity: 'medium' as const,
      })),
    },
  };
}

/** Which save of `client` a stored answer is, or null when it is not one the client sent whole. */
function saveNumberOf(
  client: number,
  row: { answerText: string | null; painPoints: { id: string }[] | null },
): number | null {
  if (row.answerText !== null) {
    const match = new RegExp(`^client ${client} save (\\d+) x{200} end$`).exec(row.answerText);
    return match ? Number(match[1]) : null;
  }
  const points = row.painPoints ?? [];
  if (points.length !== POINTS) return null;
  const seqs = new Set(
    points.map((p, i) => new RegExp(`^c${client}-s(\\d+)-p${i}$`).exec(p.id)?.[1]),
  );
  if (seqs.size !== 1 || seqs.has(undefined)) return null;
  return Number([...seqs][0]);
}

describe('the server killed with SIGKILL', () => {
  it('keeps every answer 20 clients got a 2xx for, and none half-written', async () => {
    const dataDir = await newDataDir();
    const secret = randomBytes(32).toString('base64url');
    const env = { JWT_SECRET: secret };
    const { patients, text, atlas } = await preparePatients(dataDir, secret, CLIENTS);
    const atlasId = atlas[0]!;
    // Per client and question: the last save acknowledged, and every save sent (acknowledged
    // or in flight when the process died).
    const acked = patients.map(() => new Map<number, number>());
    const sent = patients.map(() => new Map<number, Set<number>>());
    let ok = 0;
    try {
      let server = await startServer({ dataDir, env });
      let killed = false;
      const client = async (c: number) => {
        for (let seq = 0; !killed; seq++) {
          const { questionId, body } = answerBody(c, seq, text, atlasId);
          const sentHere = sent[c]!.get(questionId) ?? new Set<number>();
          sentHere.add(seq);
          sent[c]!.set(questionId, sentHere);
          const reply = await fetch(`${server.baseUrl}/api/survey/responses`, {
            method: 'POST',
            headers: patients[c]!.headers,
            body: JSON.stringify(body),
          }).catch(() => null);
          if (!reply) return; // connection cut by the kill
          if (reply.status >= 200 && reply.status < 300) {
            acked[c]!.set(questionId, seq);
            ok += 1;
          } else if (!killed) {
            throw new Error(`save answered ${reply.status}: ${await reply.text()}`);
          }
        }
      };
      const running = Promise.all(patients.map((_, c) => client(c)));
      // Kill mid-stream, once a good number of saves went through.
      const deadline = Date.now() + 20_000;
      while (ok < 150 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(ok).toBeGreaterThanOrEqual(150);
      killed = true;
      await server.stop('SIGKILL');
      await running;

      // What the disk holds, read by a fresh PGlite as the next server start would.
      const stored = await withDataDirDatabase(dataDir, (db) => db.select().from(answers));
      let checked = 0;
      const onDisk = new Map<number, number | null>();
      for (const [c, patient] of patients.entries()) {
        const mine = stored.filter((r) => r.assessmentId === patient.assessmentId);
        for (const [questionId, last] of acked[c]!) {
          const row = mine.find((r) => r.questionId === questionId);
          expect(row, `client ${c} question ${questionId}`).toBeDefined();
          const seq = saveNumberOf(c, answerFieldsOf(row!.value));
          // Whole, one the client sent, and not older than the last acknowledged one.
          expect(seq, `client ${c} question ${questionId} half-written`).not.toBeNull();
          expect(sent[c]!.get(questionId)!.has(seq!)).toBe(true);
          expect(seq!).toBeGreaterThanOrEqual(last);
          if (c === 0) onDisk.set(questionId, seq);
          checked += 1;
        }
        // Nothing stored that was never acknowledged unless it was the one save in flight.
        for (const row of mine) {
          const seq = saveNumberOf(c, answerFieldsOf(row.value));
          expect(seq).not.toBeNull();
          expect(sent[c]!.get(row.questionId)?.has(seq!)).toBe(true);
        }
      }
      expect(checked).toBeGreaterThanOrEqual(CLIENTS);

      // A new process starts on that data and serves the same answers.
      server = await startServer({ dataDir, env });
      try {
        const c = 0;
        const list = (await (
          await fetch(`${server.baseUrl}/api/survey/questions`, { headers: patients[c]!.headers })
        ).json()) as { id: number; answer?: { answerText: string | null } }[];
        for (const questionId of acked[c]!.keys()) {
          const answer = list.find((q) => q.id === questionId)?.answer;
          expect(answer).toBeDefined();
          expect(saveNumberOf(c, { answerText: null, painPoints: null, ...answer })).toBe(
            onDisk.get(questionId),
          );
        }
        const again = await fetch(`${server.baseUrl}/api/survey/responses`, {
          method: 'POST',
          headers: patients[c]!.headers,
          body: JSON.stringify({ questionId: text[0], answerText: 'after restart' }),
        });
        expect(again.status).toBe(200);
      } finally {
        await server.stop();
      }
    } finally {
      await removeDataDir(dataDir);
    }
  }, 90_000);

  it('leaves no partial upload referenced and removes the partial file at the next start', async () => {
    const dataDir = await newDataDir();
    const secret = randomBytes(32).toString('base64url');
    const env = { JWT_SECRET: secret };
    const { patients, video } = await preparePatients(dataDir, secret, 1);
    const patient = patients[0]!;
    const videoId = video[0]!;
    const incoming = join(dataDir, 'media', '.incoming');
    try {
      let server = await startServer({ dataDir, env });
      // A finished photo upload with its answer: it must survive the kill untouched.
      const photoQuestion = await withPhotoQuestion(server.baseUrl, patient);
      const jpeg = fakeJpeg(64 * 1024);
      const form = new FormData();
      form.append('type', 'photo');
      form.append('questionId', String(photoQuestion));
      form.append('media', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'jaw.jpg');
      const photo = await fetch(`${server.baseUrl}/api/survey/media`, {
        method: 'POST',
        headers: { authorization: patient.headers.authorization! },
        body: form,
      });
      expect(photo.status).toBe(200);
      const { mediaPath: photoPath } = (await photo.json()) as { mediaPath: string };
      const savedPhoto = await fetch(`${server.baseUrl}/api/survey/responses`, {
        method: 'POST',
        headers: patient.headers,
        body: JSON.stringify({
          questionId: photoQuestion,
          mediaType: 'photo',
          mediaPath: photoPath,
        }),
      });
      expect(savedPhoto.status).toBe(200);

      // A video upload that is still streaming when the process dies.
      const upload = startSlowVideoUpload(server.baseUrl, patient.headers.authorization!, videoId);
      const deadline = Date.now() + 20_000;
      let partial: string | undefined;
      for (;;) {
        const names = await readdir(incoming).catch(() => [] as string[]);
        partial = names.find((n) => n.endsWith('.part'));
        if (partial && (await stat(join(incoming, partial))).size > 1024 * 1024) break;
        if (Date.now() > deadline) throw new Error('the upload never reached the media store');
        await new Promise((r) => setTimeout(r, 50));
      }
      await server.stop('SIGKILL');
      upload.abort();
      // The partial file is left on disk by the dead process…
      expect(await readdir(incoming)).toContain(partial);

      // …nothing references it…
      const afterKill = await withDataDirDatabase(dataDir, async (db) => ({
        uploads: await db.select().from(mediaUploads),
        answers: await db.select().from(answers),
      }));
      expect(afterKill.uploads.filter((u) => u.status === 'stored').map((u) => u.path)).toEqual([
        photoPath,
      ]);
      // The dead upload's reservation in the quota stays; no answer refers to it, so the
      // clean-up job removes it after a day.
      expect(afterKill.uploads.filter((u) => u.status === 'uploading')).toHaveLength(1);
      expect(afterKill.answers.filter((a) => a.filePath).map((a) => a.filePath)).toEqual([
        photoPath,
      ]);
      expect(afterKill.answers.find((a) => a.questionId === videoId)).toBeUndefined();

      // …and the next start removes it, while the finished photo stays readable.
      server = await startServer({ dataDir, env });
      try {
        expect(await readdir(incoming)).toEqual([]);
        const files = await readdir(join(dataDir, 'media'));
        expect(files.filter((f) => f !== '.incoming')).toEqual([photoPath.slice('media/'.length)]);
        const list = (await (
          await fetch(`${server.baseUrl}/api/survey/questions`, { headers: patient.headers })
        ).json()) as { id: number; answer?: { mediaPath: string | null } }[];
        expect(list.find((q) => q.id === photoQuestion)?.answer?.mediaPath).toBe(photoPath);
        expect(list.find((q) => q.id === videoId)?.answer?.mediaPath ?? null).toBeNull();
        const store = await mediaStoreOf(dataDir);
        expect((await buffer(store.read(photoPath))).equals(jpeg)).toBe(true);
      } finally {
        await server.stop();
      }
    } finally {
      await removeDataDir(dataDir);
    }
  }, 90_000);
});

async function withPhotoQuestion(baseUrl: string, patient: Patient): Promise<number> {
  const list = (await (
    await fetch(`${baseUrl}/api/survey/questions`, { headers: patient.headers })
  ).json()) as { id: number; questionType: string }[];
  return list.find((q) => q.questionType === 'photo')!.id;
}

/** Streams a WebM upload 256 KiB every 20 ms and never finishes it on its own. */
function startSlowVideoUpload(baseUrl: string, authorization: string, questionId: number) {
  const boundary = `----fault${randomBytes(8).toString('hex')}`;
  const req = request(`${baseUrl}/api/survey/media`, {
    method: 'POST',
    headers: { authorization, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  req.on('error', () => undefined);
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nvideo\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="questionId"\r\n\r\n${questionId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="long.webm"\r\n` +
      `Content-Type: video/webm\r\n\r\n`,
  );
  req.write(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]));
  const filler = randomBytes(256 * 1024);
  const timer = setInterval(() => req.write(filler), 20);
  return {
    abort() {
      clearInterval(timer);
      req.destroy();
    },
  };
}
