import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashAccessCode } from '../../src/server/modules/access/access-codes';
import { sessionForAssessment } from '../../src/server/modules/access/session';
import { newMediaPath } from '../../src/server/modules/media/media-store';
import { openTestDatabaseFrom } from '../helpers/database';
import { fakeJpeg } from '../helpers/seed-media';
import { createTestApp, type TestApp } from '../helpers/test-app';

const run = promisify(execFile);

/**
 * A database as the release before the assessment had a name of its own left it (migrations up
 * to 0006: assessments were rows of `access_codes`, answers rows of `responses`), holding one
 * patient's whole record: answers of three kinds with a photo, a payment, an invoice, a sent
 * evaluation with an addendum, an audit entry, a waiting job; and a second, refunded assessment
 * whose code was retired. Opened by this release, everything reads back.
 */
const CODE = 'ABCD-EFGH-JKMN-PQRS';
const RETIRED_CODE = 'WXYZ-2345-6789-ABCD';
const photoPath = newMediaPath('jpg');
const photo = fakeJpeg();

async function fillOldRelease(sql: (text: string, params?: unknown[]) => Promise<unknown[]>) {
  await sql(
    `INSERT INTO users (id, email) VALUES (1, 'erika@example.org'), (2, 'dentist@example.org')`,
  );
  await sql(`UPDATE users SET is_admin = true WHERE id = 2`);
  await sql(`SELECT setval('users_id_seq', 2)`);
  await sql(
    `INSERT INTO questions (id, question_type, question_text, sort_order) VALUES
      (1, 'text', 'Describe your complaint', 1),
      (2, 'multiple_choice', 'How often?', 2),
      (3, 'photo', 'Your teeth', 3)`,
  );
  await sql(
    `INSERT INTO question_options (id, question_id, option_text, sort_order)
     VALUES (1, 2, 'Daily', 1), (2, 2, 'Rarely', 2)`,
  );
  await sql(`SELECT setval('questions_id_seq', 3)`);
  await sql(`SELECT setval('question_options_id_seq', 2)`);
  await sql(
    `INSERT INTO access_codes (id, user_id, code_hash, code_hint, status, email, first_name,
       last_name, language, submitted_at, due_at, evaluated_at, evaluation_sent_on, created_at)
     VALUES (7, 1, $1, 'PQRS', 'evaluated', 'erika@example.org', 'Erika', 'Mustermann', 'de',
       now() - interval '5 days', now() - interval '3 days', now() - interval '4 days',
       (now() - interval '4 days')::date, now() - interval '6 days')`,
    [hashAccessCode(CODE)],
  );
  await sql(
    `INSERT INTO access_codes (id, user_id, code_hash, code_hint, email, first_name, last_name,
       cancelled_at)
     VALUES (8, 1, NULL, 'ABCD', 'erika@example.org', 'Max', 'Mustermann', now())`,
  );
  await sql(`SELECT setval('access_codes_id_seq', 8)`);
  await sql(
    `INSERT INTO responses (user_id, access_code_id, question_id, option_id, answer_text,
       media_type, media_path) VALUES
      (1, 7, 1, NULL, 'Jaw pain since spring', NULL, NULL),
      (1, 7, 2, 1, NULL, NULL, NULL),
      (1, 7, 3, NULL, NULL, 'photo', $1)`,
    [photoPath],
  );
  await sql(
    `INSERT INTO media_uploads (user_id, access_code_id, question_id, path, media_type, mime_type,
       size_bytes) VALUES (1, 7, 3, $1, 'photo', 'image/jpeg', $2)`,
    [photoPath, photo.length],
  );
  await sql(
    `INSERT INTO payments (id, provider, intent_id, amount_cents, status, language, user_id,
       access_code_id, fulfilled_at) VALUES (1, 'demo', 'pi_demo_old', 9900, 'succeeded', 'de', 1,
       7, now() - interval '6 days')`,
  );
  await sql(
    `INSERT INTO invoices (number, label, kind, payment_id, access_code_id, issued_at, language,
       recipient, seller, vat, list_price_cents, discount_cents, total_cents, currency)
     VALUES (1, 'RE-000001', 'invoice', 1, 7, now() - interval '6 days', 'de',
       '{"name":"Erika Mustermann","addressLines":["Hauptstr. 1","10115 Berlin"]}',
       '{"name":"Praxis","addressLines":["Praxisweg 2"],"vatId":null,"taxNumber":"12/345/67890"}',
       '{"mode":"exempt"}', 9900, 0, 9900, 'eur')`,
  );
  await sql(`INSERT INTO invoice_counters (name, last_number) VALUES ('invoice', 1)`);
  await sql(
    `INSERT INTO evaluations (access_code_id, user_id, findings, recommendations, sent_at,
       sent_by_user_id, sent_by_email, conclusion_en, conclusion_de)
     VALUES (7, 1, 'Tender masseter on the left', 'Night guard', now() - interval '4 days', 2,
       'dentist@example.org', 'Low risk', 'Geringes Risiko')`,
  );
  await sql(
    `INSERT INTO evaluation_addenda (user_id, access_code_id, text, author_email)
     VALUES (1, 7, 'Please come back in six months', 'dentist@example.org')`,
  );
  await sql(
    `INSERT INTO audit_log (actor_user_id, actor_email, action, patient_user_id, access_code_id)
     VALUES (2, 'dentist@example.org', 'responses.read', 1, 7)`,
  );
  await sql(
    `INSERT INTO jobs (name, payload, max_attempts, assessment_id, run_at)
     VALUES ('reminder-mail', '{"assessmentId":7}', 5, 7, now() + interval '1 day')`,
  );
}

describe('a database of the release before assessments were named', () => {
  let t: TestApp;
  let adminHeaders: { authorization: string };

  beforeAll(async () => {
    const database = await openTestDatabaseFrom(
      '0006_invoices_refunds_legal_agreements',
      fillOldRelease,
    );
    t = await createTestApp({}, {}, undefined, database);
    await t.app.deps.media.write(Readable.from([photo]), photoPath);
    const session = await sessionForAssessment(t.database.db, t.app.deps.tokens, 7, ['code']);
    const admin = await t.createAdmin();
    adminHeaders = admin.headers;
    expect(session).toBeDefined();
  });
  afterAll(async () => {
    await t?.close();
  });

  const signIn = (code: string) =>
    t.app.inject({ method: 'POST', url: '/api/verify-access-code', payload: { code } });

  it('still lets the patient in with the code they hold, and keeps a retired code out', async () => {
    const reply = await signIn(CODE);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().user).toMatchObject({ firstName: 'Erika', language: 'de' });
    expect((await signIn(RETIRED_CODE)).statusCode).toBe(401);
  });

  it('shows the practice every answer with its question, the code ending and the status', async () => {
    const answers = await t.app.inject({
      method: 'GET',
      url: '/api/admin/assessments/7/answers',
      headers: adminHeaders,
    });
    expect(answers.statusCode).toBe(200);
    const byQuestion = new Map(
      answers.json().responses.map((r: { Question: { ID: number } }) => [r.Question.ID, r]),
    );
    expect(byQuestion.get(1)).toMatchObject({ AnswerText: 'Jaw pain since spring' });
    expect(byQuestion.get(2)).toMatchObject({ OptionID: 1 });
    expect(byQuestion.get(3)).toMatchObject({ MediaType: 'photo', MediaPath: photoPath });

    const page = await t.app.inject({
      method: 'GET',
      url: '/api/admin/responses?search=erika',
      headers: adminHeaders,
    });
    const [patient] = page.json().users;
    const codes = patient.accessCodes.map((c: { ID: number; accessCode: string }) => [
      c.ID,
      c.accessCode,
    ]);
    expect(codes).toEqual([
      [8, '••••-••••-••••-ABCD'],
      [7, '••••-••••-••••-PQRS'],
    ]);
    expect(patient.accessCodes[1]).toMatchObject({ status: 'evaluated', responseCount: 3 });
    expect(patient.accessCodes[0].cancelledAt).not.toBeNull();
  });

  it('keeps the invoice, the evaluation with its addendum, the audit entry and the waiting job', async () => {
    const invoices = await t.app.inject({
      method: 'GET',
      url: '/api/admin/assessments/7/invoices',
      headers: adminHeaders,
    });
    expect(invoices.json()).toMatchObject({ invoices: [{ label: 'RE-000001' }] });

    const patient = (await signIn(CODE)).json().token as string;
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/survey/assessment',
      headers: { authorization: `Bearer ${patient}` },
    });
    expect(status.statusCode).toBe(200);
    const evaluation = JSON.stringify(status.json());
    expect(evaluation).toContain('Tender masseter on the left');
    expect(evaluation).toContain('Please come back in six months');

    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log',
      headers: adminHeaders,
    });
    expect(JSON.stringify(audit.json())).toContain('"assessmentId":7');
  });

  it('exports the patient’s data with the photo, byte for byte', async () => {
    const patient = (await signIn(CODE)).json().token as string;
    const reply = await t.app.inject({
      method: 'GET',
      url: '/api/me/export.zip',
      headers: { authorization: `Bearer ${patient}` },
    });
    expect(reply.statusCode).toBe(200);
    const dir = await mkdtemp(join(tmpdir(), 'cmd-migrated-export-'));
    try {
      await writeFile(join(dir, 'export.zip'), reply.rawPayload);
      const { stdout: data } = await run('unzip', ['-p', join(dir, 'export.zip'), 'data.json']);
      expect(JSON.parse(data).assessment).toMatchObject({
        id: 7,
        accessCode: '••••-••••-••••-PQRS',
      });
      const { stdout: listing } = await run('unzip', ['-Z1', join(dir, 'export.zip')]);
      const photoEntry = listing.split('\n').find((name) => name.endsWith('.jpg'))!;
      const { stdout: bytes } = await run('unzip', ['-p', join(dir, 'export.zip'), photoEntry], {
        encoding: 'buffer',
      });
      expect(Buffer.compare(bytes, photo)).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
