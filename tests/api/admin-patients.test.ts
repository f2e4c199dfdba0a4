import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminAssessmentAnswers,
  AdminPatientsPage,
} from '../../src/shared/contracts/admin-patients';
import { createAssessmentWithCode } from '../../src/server/modules/access/access-codes';
import { assessments, auditLog } from '../../src/server/schema';
import { submitAssessment } from '../../src/server/modules/assessments/submit-assessment';
import { eq } from 'drizzle-orm';
import {
  answerEveryType,
  insertPatient,
  SAMPLE_PAIN_POINTS,
  SAMPLE_SYMPTOMS,
} from '../helpers/admin-seed';
import { answerScreener } from '../helpers/seed-answers';
import { useAdmin, useTestApp } from '../helpers/test-app';

const t = useTestApp();
const admin = useAdmin(t);
let patient: { userId: number; assessmentId: number; code: string };
let secondCodeId: number;
let seeded: Awaited<ReturnType<typeof answerEveryType>>;
const photo = randomBytes(3000);
const video = randomBytes(50_000);

beforeAll(async () => {
  patient = await insertPatient(t.database.db, {
    email: 'erika.mustermann@example.org',
    firstName: 'Erika',
    lastName: 'Mustermann',
  });
  seeded = await answerEveryType(t.database.db, t.app.deps.media, patient, { photo, video });
  // A second checkout with the same address, under another name.
  secondCodeId = (
    await createAssessmentWithCode(t.database.db, patient.userId, {
      email: 'erika.mustermann@example.org',
      firstName: 'Erika',
      lastName: 'Mustermann-Neu',
    })
  ).id;
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...admin.headers, ...headers } });

describe('responses grouped by patient and access code', () => {
  it('lists patients with their access codes (masked) and answer counts', async () => {
    const reply = await get('/api/admin/responses?search=mustermann');
    expect(reply.statusCode).toBe(200);
    const page: AdminPatientsPage = reply.json();
    expect(page.total).toBe(1);
    const [user] = page.users;
    // The address's latest checkout names the group; each assessment keeps its own name.
    expect(user).toMatchObject({
      ID: patient.userId,
      firstName: 'Erika',
      lastName: 'Mustermann-Neu',
      email: 'erika.mustermann@example.org',
    });
    expect(user!.accessCodes).toHaveLength(2);
    const first = user!.accessCodes.find((c) => c.ID === patient.assessmentId)!;
    expect(first).toMatchObject({ firstName: 'Erika', lastName: 'Mustermann' });
    expect(first.responseCount).toBe(6);
    expect(first.accessCode).toBe(`••••-••••-••••-${patient.code.slice(-4)}`);
    expect(JSON.stringify(page)).not.toContain(patient.code);
    expect(user!.accessCodes.find((c) => c.ID === secondCodeId)!.responseCount).toBe(0);
  });

  it('pages through patients and leaves administrators out', async () => {
    for (let i = 0; i < 4; i++) {
      await insertPatient(t.database.db, {
        email: `pager-${i}@example.org`,
        firstName: 'Pager',
        lastName: String(i),
      });
    }
    const first: AdminPatientsPage = (
      await get('/api/admin/responses?page=1&pageSize=3&search=pager')
    ).json();
    const second: AdminPatientsPage = (
      await get('/api/admin/responses?page=2&pageSize=3&search=pager')
    ).json();
    expect(first.total).toBe(4);
    expect(first.users).toHaveLength(3);
    expect(second.users).toHaveLength(1);
    const ids = [...first.users, ...second.users].map((u) => u.ID);
    expect(new Set(ids).size).toBe(4);
    const all: AdminPatientsPage = (await get('/api/admin/responses?pageSize=100')).json();
    expect(all.users.some((u) => u.email === admin.email)).toBe(false);
  });

  it('shows each assessment’s review status, due date and TMD screener score', async () => {
    const screened = await t.createPatient({ firstName: 'Sina', lastName: 'Screened' });
    await answerScreener(t.database.db, screened, [1, 0, 1, 1, 1, 0]);
    const completedAt = new Date('2025-11-14T09:15:00Z'); // a Friday
    await submitAssessment(t.app.deps, screened.assessmentId, completedAt);
    const unscreened = await t.createPatient({ firstName: 'Uwe', lastName: 'Unscreened' });
    await answerScreener(t.database.db, unscreened, [2, 1, 1]);
    await t.database.db
      .update(assessments)
      .set({ status: 'evaluated', evaluatedAt: new Date(), evaluationSentOn: '2026-11-23' })
      .where(eq(assessments.id, unscreened.assessmentId));

    const page: AdminPatientsPage = (await get('/api/admin/responses?pageSize=100')).json();
    const codeOf = (userId: number) =>
      page.users.find((u) => u.ID === userId)!.accessCodes.find((c) => c.ID !== secondCodeId)!;
    expect(codeOf(screened.id)).toMatchObject({
      status: 'submitted',
      submittedAt: completedAt.toISOString(),
      dueAt: '2025-11-18T09:15:00.000Z',
      overdue: true,
      screener: { score: 4, maxScore: 7, cutoff: 3, positive: true },
    });
    // Three of six items answered: no score at all, rather than a partial one.
    expect(codeOf(unscreened.id)).toMatchObject({
      status: 'evaluated',
      overdue: false,
      dueAt: null,
      screener: null,
    });
    expect(codeOf(patient.userId)).toMatchObject({ status: 'in_progress', overdue: false });
  });

  it('returns one assessment’s answers of every type with the SPEC field names', async () => {
    const reply = await get(`/api/admin/assessments/${patient.assessmentId}/answers`);
    expect(reply.statusCode).toBe(200);
    const body: AdminAssessmentAnswers = reply.json();
    expect(body.responses).toHaveLength(6);
    const byType = Object.fromEntries(body.responses.map((r) => [r.Question.QuestionType, r]));
    expect(byType.text!.AnswerText).toBe('Jaw pain since last spring');
    expect(byType.multiple_choice!.OptionID).toBe(seeded.optionId);
    expect(byType.multiple_choice!.Question.Options.map((o) => o.ID)).toContain(seeded.optionId);
    expect(byType.multiple_choice!.Question.Translations[0]!.LanguageID).toBe(2);
    expect(byType.photo).toMatchObject({ MediaType: 'photo', MediaPath: seeded.photoPath });
    expect(byType.video).toMatchObject({ MediaType: 'video', MediaPath: seeded.videoPath });
    expect(byType.pain_atlas!.PainPoints).toEqual(SAMPLE_PAIN_POINTS);
    expect(byType.pain_symptoms!.Symptoms).toEqual(SAMPLE_SYMPTOMS);
    expect(Date.parse(byType.text!.CreatedAt)).not.toBeNaN();
  });

  it('records in the audit log that an administrator opened the answers', async () => {
    await get(`/api/admin/assessments/${patient.assessmentId}/answers`);
    const rows = await t.database.db.select().from(auditLog);
    expect(rows).toContainEqual(
      expect.objectContaining({
        action: 'responses.read',
        actorUserId: admin.id,
        patientUserId: patient.userId,
        assessmentId: patient.assessmentId,
      }),
    );
  });

  it('answers 404 for an unknown access code and 400 for bad paging', async () => {
    expect((await get('/api/admin/assessments/999999/answers')).statusCode).toBe(404);
    for (const query of ['page=0', 'pageSize=1000', 'page=abc', 'extra=1']) {
      const reply = await get(`/api/admin/responses?${query}`);
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json().message).toEqual(expect.any(String));
    }
  });
});

describe('media of responses', () => {
  it('streams a photo with its content type', async () => {
    const reply = await get(`/api/admin/media/${seeded.photoPath}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('image/jpeg');
    expect(reply.headers['accept-ranges']).toBe('bytes');
    expect(reply.headers['content-length']).toBe(String(photo.length));
    expect(reply.rawPayload.equals(photo)).toBe(true);
  });

  it('answers byte ranges with 206 so a video can seek', async () => {
    const url = `/api/admin/media/${seeded.videoPath}`;
    const middle = await get(url, { range: 'bytes=1000-1999' });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-type']).toBe('video/webm');
    expect(middle.headers['content-range']).toBe(`bytes 1000-1999/${video.length}`);
    expect(middle.headers['content-length']).toBe('1000');
    expect(middle.rawPayload.equals(video.subarray(1000, 2000))).toBe(true);

    const open = await get(url, { range: 'bytes=49000-' });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(video.subarray(49000))).toBe(true);

    const suffix = await get(url, { range: 'bytes=-10' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers['content-range']).toBe(
      `bytes ${video.length - 10}-${video.length - 1}/${video.length}`,
    );
    expect(suffix.rawPayload.equals(video.subarray(-10))).toBe(true);
  });

  it('answers 416 for a range outside the file', async () => {
    const url = `/api/admin/media/${seeded.videoPath}`;
    for (const range of ['bytes=60000-70000', 'bytes=500-100', 'bytes=abc']) {
      const reply = await get(url, { range });
      expect(reply.statusCode, range).toBe(416);
      expect(reply.headers['content-range']).toBe(`bytes */${video.length}`);
      expect(reply.json().message).toEqual(expect.any(String));
    }
  });

  it('answers 404 for a well-formed path that is not stored', async () => {
    const reply = await get('/api/admin/media/media/00000000-0000-0000-0000-000000000000.jpg');
    expect(reply.statusCode).toBe(404);
  });

  it('never serves a file outside the media store', async () => {
    // A file right beside the media folder, which a traversal would reach.
    const secret = 'top secret database contents';
    await writeFile(join(t.config.dataDir, 'secret.jpg'), secret);
    await writeFile(join(t.config.mediaDir, '..', 'secret.txt'), secret);
    const attempts = [
      '../secret.jpg',
      'media/../secret.jpg',
      'media/../../secret.jpg',
      '..%2Fsecret.jpg',
      'media%2F..%2F..%2Fsecret.jpg',
      'media/%2e%2e/%2e%2e/secret.jpg',
      '%2e%2e%2fsecret.jpg',
      'media/..%5Csecret.jpg',
      '%252e%252e%252fsecret.jpg',
      encodeURIComponent(join(t.config.dataDir, 'secret.jpg')),
      join(t.config.dataDir, 'secret.jpg').slice(1),
      '/etc/passwd',
      '//etc/passwd',
      'media/x.jpg%00.png',
      'media/../../../../../../etc/passwd',
      `media/${seeded.photoPath.slice('media/'.length, -4)}.txt`,
    ];
    for (const attempt of attempts) {
      const reply = await get(`/api/admin/media/${attempt}`);
      // A URL whose dot segments climb out of /api entirely is the browser app's page (when
      // the client is built), never a file.
      const leftTheApi =
        reply.statusCode === 200 && /text\/html/.test(String(reply.headers['content-type'] ?? ''));
      if (!leftTheApi) expect([400, 404], attempt).toContain(reply.statusCode);
      expect(String(reply.headers['content-type']), attempt).not.toMatch(/image|video|octet/);
      expect(reply.body, attempt).not.toContain(secret);
      expect(reply.body, attempt).not.toContain('root:');
    }
  });

  it('refuses raw traversal paths sent over a real connection, unnormalised', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, path, headers: admin.headers },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    for (const path of [
      '/api/admin/media/media/../../secret.jpg',
      '/api/admin/media/../../../../etc/passwd',
      '/api/admin/media/media/..%2f..%2fsecret.jpg',
      '/api/admin/media//etc/passwd',
    ]) {
      const reply = await raw(path);
      expect([400, 404], path).toContain(reply.status);
      expect(reply.body, path).not.toContain('top secret');
      expect(reply.body, path).not.toContain('root:');
    }
  });
});
