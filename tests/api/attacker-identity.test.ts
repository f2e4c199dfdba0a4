import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { totpCode } from '../../src/server/modules/accounts/totp';
import { createAdmin, removeAdmin } from '../../src/server/cli/admin-accounts';
import { assessments, auditLog, users } from '../../src/server/schema';
import type { SurveyQuestion } from '../../src/shared/contracts/survey';
import { multipartBody, SAMPLE_BYTES } from '../helpers/multipart';
import { checkoutRequests, freshIp, insertPromoCode, patientDetails } from '../helpers/payments';
import { answerSurvey } from '../helpers/survey-api';
import { useTestApp } from '../helpers/test-app';

/**
 * The attacks of issue 11, as an outsider would try them against the running API. Each test
 * failed against the product before sessions were scoped to the assessment they proved.
 */
const run = promisify(execFile);
const t = useTestApp();

const checkoutApi = checkoutRequests(t);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const request = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { headers?: Record<string, string>; payload?: object | Buffer; ip?: string } = {},
) =>
  t.app.inject({
    method,
    url,
    headers: options.headers,
    payload: options.payload,
    remoteAddress: options.ip ?? freshIp(),
  });

const VICTIM = {
  firstName: 'Vera',
  lastName: 'Victim',
  dateOfBirth: '1971-03-14',
  phone: '+49 170 5550001',
  address: 'Geheimweg 7',
  postalCode: '80331',
  city: 'München',
  state: 'Bayern',
};
const VICTIM_ANSWER = 'victim-secret-answer: clicking jaw since 2019';
const VICTIM_PHOTO = SAMPLE_BYTES.jpeg(4096);

/** A patient who paid, answered a text question and uploaded a photo. */
async function victimWithAnswers() {
  const victim = await t.createPatient({ ...VICTIM, language: 'en' });
  const questions: SurveyQuestion[] = (
    await request('GET', '/api/survey/questions', { headers: victim.headers })
  ).json();
  const text = questions.find((q) => q.questionType === 'text')!;
  const photo = questions.find((q) => q.questionType === 'photo')!;
  const saved = await request('POST', '/api/survey/responses', {
    headers: victim.headers,
    payload: { questionId: text.id, answerText: VICTIM_ANSWER },
  });
  expect(saved.statusCode).toBe(200);
  const { payload, headers } = multipartBody(
    { type: 'photo', questionId: String(photo.id) },
    { name: 'media', filename: 'p.jpg', contentType: 'image/jpeg', data: VICTIM_PHOTO },
  );
  const uploaded = await request('POST', '/api/survey/media', {
    headers: { ...victim.headers, ...headers },
    payload,
  });
  expect(uploaded.statusCode).toBe(200);
  const mediaPath: string = uploaded.json().mediaPath;
  await request('POST', '/api/survey/responses', {
    headers: victim.headers,
    payload: { questionId: photo.id, mediaType: 'photo', mediaPath },
  });
  return { victim, mediaPath };
}

/** Everything of the victim that must never appear in what the attacker receives. */
const victimSecrets = () => [
  VICTIM_ANSWER,
  VICTIM.lastName,
  VICTIM.dateOfBirth,
  VICTIM.phone,
  VICTIM.address,
];

async function unzip(zip: Buffer) {
  const dir = await mkdtemp(join(tmpdir(), 'attacker-export-'));
  await writeFile(join(dir, 'export.zip'), zip);
  await run('unzip', ['-q', join(dir, 'export.zip'), '-d', join(dir, 'out')]);
  const data = await readFile(join(dir, 'out', 'data.json'), 'utf8');
  const media = await readdir(join(dir, 'out', 'media')).catch(() => [] as string[]);
  const mediaBytes = await Promise.all(media.map((f) => readFile(join(dir, 'out', 'media', f))));
  return { data, media, mediaBytes };
}

/** Reads every patient endpoint with the attacker's session and checks none leaks the victim. */
async function expectNothingOfVictim(token: string, victimMediaPath: string) {
  const seen: string[] = [];
  const questions = await request('GET', '/api/survey/questions', { headers: bearer(token) });
  expect(questions.statusCode).toBe(200);
  seen.push(questions.body);
  expect(
    (questions.json() as SurveyQuestion[]).filter((q) => q.answer),
    'the attacker sees no answers',
  ).toEqual([]);
  const language = await request('PUT', '/api/user/language', {
    headers: bearer(token),
    payload: { language: 'de' },
  });
  seen.push(language.body);
  const exported = await request('GET', '/api/me/export.zip', { headers: bearer(token) });
  expect(exported.statusCode).toBe(200);
  const zip = await unzip(exported.rawPayload);
  seen.push(zip.data);
  expect(zip.media, 'no photo of the victim in the export').toEqual([]);
  expect(zip.mediaBytes.some((bytes) => bytes.equals(VICTIM_PHOTO))).toBe(false);
  const joined = seen.join('\n');
  for (const secret of [...victimSecrets(), victimMediaPath]) {
    expect(joined, `attacker must not see "${secret}"`).not.toContain(secret);
  }
}

async function expectVictimUnchanged(victim: { assessmentId: number; code: string }) {
  const [stored] = await t.database.db
    .select()
    .from(assessments)
    .where(eq(assessments.id, victim.assessmentId));
  expect(stored).toMatchObject({ ...VICTIM, language: 'en' });
  // The victim still signs in with their code and finds their answer.
  const signIn = await request('POST', '/api/verify-access-code', {
    payload: { code: victim.code },
  });
  expect(signIn.statusCode).toBe(200);
  expect(signIn.json().user).toMatchObject({
    firstName: VICTIM.firstName,
    lastName: VICTIM.lastName,
  });
  const mine: SurveyQuestion[] = (
    await request('GET', '/api/survey/questions', {
      headers: bearer(signIn.json().token),
    })
  ).json();
  expect(mine.some((q) => q.answer?.answerText === VICTIM_ANSWER)).toBe(true);
}

describe('1. a checkout with someone else’s e-mail address', () => {
  it('with a full-price promo code gets a new, empty assessment and nothing of the victim', async () => {
    const { victim, mediaPath } = await victimWithAnswers();
    await insertPromoCode(t.database.db, { code: 'ATTACK-FREE', amountCents: 9900 });
    const attacker = { ...patientDetails('attacker'), email: victim.email };
    const checkout = await request('POST', '/api/verify-payment', {
      payload: { ...attacker, couponCode: 'ATTACK-FREE', language: 'en' },
    });
    expect(checkout.statusCode).toBe(200);
    for (const secret of victimSecrets()) expect(checkout.body).not.toContain(secret);
    expect(checkout.json().user).toMatchObject({ lastName: attacker.lastName });
    await expectNothingOfVictim(checkout.json().token, mediaPath);
    await expectVictimUnchanged(victim);
  });

  it('with a card payment gets a new, empty assessment and nothing of the victim', async () => {
    const { victim, mediaPath } = await victimWithAnswers();
    const attacker = { ...patientDetails('card-attacker'), email: victim.email.toUpperCase() };
    const intent = (await checkoutApi.createIntent({ details: attacker })).json();
    const paid = await checkoutApi.payByCard(intent);
    expect(paid.statusCode).toBe(200);
    const verified = await checkoutApi.verify(intent, attacker);
    expect(verified.statusCode).toBe(200);
    for (const secret of victimSecrets()) expect(verified.body).not.toContain(secret);
    await expectNothingOfVictim(verified.json().token, mediaPath);
    await expectVictimUnchanged(victim);
  });
});

describe('2. admin rights without the second factor', () => {
  it('promoting a patient ends their sessions and codes instead of making their token an admin token', async () => {
    const patient = await t.createPatient();
    const promoted = await createAdmin(t.database.db, {
      email: patient.email,
      firstName: '',
      lastName: '',
    });
    for (const url of ['/api/admin/responses', '/api/admin/audit-log']) {
      const reply = await request('GET', url, { headers: patient.headers });
      expect(reply.statusCode, url).toBe(401);
    }
    const csv = await request('GET', '/api/admin/exports/answers.csv', {
      headers: patient.headers,
    });
    expect(csv.statusCode).toBe(401);
    expect(csv.body).not.toContain('assessment_id');
    const oldCode = await request('POST', '/api/verify-access-code', {
      payload: { code: patient.code },
    });
    expect(oldCode.statusCode).toBe(401);
    // The new code alone is not enough either; with the authenticator it is.
    const codeOnly = await request('POST', '/api/verify-access-code', {
      payload: { code: promoted.code },
    });
    expect(codeOnly.json().code).toBe('auth.totpRequired');
    const withTotp = await request('POST', '/api/verify-access-code', {
      payload: { code: promoted.code, totp: totpCode(promoted.totpSecret) },
    });
    expect(withTotp.statusCode).toBe(200);
    expect(
      (
        await request('GET', '/api/admin/responses', {
          headers: bearer(withTotp.json().token),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('re-enrolling (lost phone) ends the old sessions and retires the old access code', async () => {
    const email = 'lost.phone@practice.example';
    const first = await createAdmin(t.database.db, { email, firstName: '', lastName: '' });
    const session = await request('POST', '/api/verify-access-code', {
      payload: { code: first.code, totp: totpCode(first.totpSecret) },
    });
    expect(session.statusCode).toBe(200);
    const oldHeaders = bearer(session.json().token);
    expect((await request('GET', '/api/admin/responses', { headers: oldHeaders })).statusCode).toBe(
      200,
    );
    await createAdmin(t.database.db, { email, firstName: '', lastName: '' });
    expect((await request('GET', '/api/admin/responses', { headers: oldHeaders })).statusCode).toBe(
      401,
    );
    const oldCode = await request('POST', '/api/verify-access-code', {
      payload: { code: first.code, totp: totpCode(first.totpSecret, Date.now() + 30_000) },
    });
    expect(oldCode.statusCode).toBe(401);
    // Refused, and told why: the code was replaced.
    expect(oldCode.json().code).toBe('auth.codeReplaced');
  });

  it('removing admin rights ends the sessions', async () => {
    const email = 'leaving@practice.example';
    const admin = await createAdmin(t.database.db, { email, firstName: '', lastName: '' });
    const session = await request('POST', '/api/verify-access-code', {
      payload: { code: admin.code, totp: totpCode(admin.totpSecret) },
    });
    const headers = bearer(session.json().token);
    expect((await removeAdmin(t.database.db, email)).removed).toBe(true);
    expect((await request('GET', '/api/admin/responses', { headers })).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ isAdmin: false, totpSecret: null });
  });
});

describe('3. verify-payment again on a fulfilled intent', () => {
  it('gives no second session to whoever knows the intent id and the payer’s e-mail', async () => {
    const details = patientDetails('repeat');
    const intent = (await checkoutApi.createIntent({ details })).json();
    await checkoutApi.payByCard(intent);
    const payer = await checkoutApi.verify(intent, details);
    expect(payer.statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      const replay = await request('POST', '/api/verify-payment', {
        payload: { paymentIntentId: intent.paymentIntentId, email: details.email },
      });
      expect(replay.statusCode).toBeGreaterThanOrEqual(400);
      expect(replay.json().token).toBeUndefined();
      const withDetails = await request('POST', '/api/verify-payment', {
        payload: { paymentIntentId: intent.paymentIntentId, ...details },
      });
      expect(withDetails.json().token).toBeUndefined();
    }
  });
});

describe('4. after completing the assessment', () => {
  it('refuses changed answers and uploads with 409, in English and German', async () => {
    const patient = await t.createPatient();
    const questions = await answerSurvey(
      t.app,
      patient.headers,
      (q) => q.required || q.questionType === 'text',
    );
    const completed = await request('POST', '/api/survey/completion-email', {
      headers: patient.headers,
    });
    expect(completed.statusCode).toBe(200);
    const text = questions.find((q) => q.questionType === 'text')!;
    const change = await request('POST', '/api/survey/responses', {
      headers: patient.headers,
      payload: { questionId: text.id, answerText: 'changed afterwards' },
    });
    expect(change.statusCode).toBe(409);
    expect(change.json().message).toMatch(/completed your assessment/);
    const german = await request('POST', '/api/survey/responses', {
      headers: { ...patient.headers, 'accept-language': 'de' },
      payload: { questionId: text.id, answerText: 'danach geändert' },
    });
    expect(german.statusCode).toBe(409);
    expect(german.json().message).toMatch(/abgeschlossen/);
    const photo = questions.find((q) => q.questionType === 'photo')!;
    const { payload, headers } = multipartBody(
      { type: 'photo', questionId: String(photo.id) },
      { name: 'media', filename: 'p.jpg', contentType: 'image/jpeg', data: SAMPLE_BYTES.jpeg() },
    );
    const upload = await request('POST', '/api/survey/media', {
      headers: { ...patient.headers, ...headers },
      payload,
    });
    expect(upload.statusCode).toBe(409);
    const after: SurveyQuestion[] = (
      await request('GET', '/api/survey/questions', { headers: patient.headers })
    ).json();
    expect(after.find((q) => q.id === text.id)!.answer?.answerText).toBe(
      `Answer to question ${text.id}`,
    );
  });
});

describe('5. guessing the second factor', () => {
  it('slows the guessing address, not the admin typing the right code elsewhere', async () => {
    const admin = await createAdmin(t.database.db, {
      email: 'guessed@practice.example',
      firstName: '',
      lastName: '',
    });
    const right = () => totpCode(admin.totpSecret);
    const wrong = () => String((Number(right()) + 500_000) % 1_000_000).padStart(6, '0');
    const attackerIp = '10.55.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const reply = await request('POST', '/api/verify-access-code', {
        ip: attackerIp,
        payload: { code: admin.code, totp: wrong() },
      });
      statuses.push(reply.statusCode);
    }
    // A few typos are free; then the address has to wait, longer and longer.
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.slice(4)).toContain(429);
    const waiting = await request('POST', '/api/verify-access-code', {
      ip: attackerIp,
      payload: { code: admin.code, totp: right() },
    });
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);

    const fromElsewhere = await request('POST', '/api/verify-access-code', {
      ip: '10.55.0.2',
      payload: { code: admin.code, totp: right() },
    });
    expect(fromElsewhere.statusCode).toBe(200);
    expect(fromElsewhere.json().user.isAdmin).toBe(true);

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'admin.totp-failures'), eq(auditLog.patientUserId, admin.userId)),
      );
    expect(entries.length).toBeGreaterThan(0);
  });
});
