import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { questions, answers } from '../../src/server/schema';
import { patientDetails } from '../helpers/payments';
import { firstQuestionOfType } from '../helpers/seed-answers';
import { useAdmin, useTestApp } from '../helpers/test-app';
import { answerFieldsOf } from '../../src/shared/contracts/answer';

const t = useTestApp();
const admin = useAdmin(t);

/** NUL, a C0 control, escape and DEL: none of them belongs in any text a person types. */
const CONTROLS = ['\u0000', '\u0001', '\u001b', '\u007f'];

async function send(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { 'accept-language': 'de-DE', ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

function expectRefused(reply: Awaited<ReturnType<typeof send>>, field: string) {
  const label = `${reply.statusCode}: ${reply.payload}`;
  expect(reply.statusCode, label).toBe(400);
  expect(reply.json().code, label).toBe('errors.controlCharacters');
  expect(reply.json().message, label).toContain(field);
  expect(reply.json().message, label).toContain('Steuerzeichen');
}

describe('control characters in request fields', () => {
  it('refuses them in an answer text, in German, and stores nothing', async () => {
    const patient = await t.createPatient();
    const text = await firstQuestionOfType(t.database.db, 'text');
    for (const control of CONTROLS) {
      const reply = await send(
        'POST',
        '/api/survey/responses',
        { questionId: text.id, answerText: `My jaw${control} hurts` },
        patient.headers,
      );
      expectRefused(reply, 'answerText');
    }
    const stored = await t.database.db.select().from(answers).where(eq(answers.userId, patient.id));
    expect(stored).toEqual([]);
  });

  it('keeps tabs and line breaks in an answer text', async () => {
    const patient = await t.createPatient();
    const text = await firstQuestionOfType(t.database.db, 'text');
    const answerText = 'Mornings:\tstiff\r\nEvenings:\tclicking\nNights: fine';
    const reply = await send(
      'POST',
      '/api/survey/responses',
      { questionId: text.id, answerText },
      patient.headers,
    );
    expect(reply.statusCode, reply.payload).toBe(200);
    const [stored] = await t.database.db
      .select()
      .from(answers)
      .where(eq(answers.userId, patient.id));
    expect(answerFieldsOf(stored?.value).answerText).toBe(answerText);
  });

  it('refuses them in a pain point id', async () => {
    const patient = await t.createPatient();
    const atlas = await firstQuestionOfType(t.database.db, 'pain_atlas');
    const reply = await send(
      'POST',
      '/api/survey/responses',
      {
        questionId: atlas.id,
        painPoints: [{ id: 'p\u00001', x: 0.5, y: 0.5, intensity: 'light' }],
      },
      patient.headers,
    );
    expectRefused(reply, 'painPoints.0.id');
  });

  it('refuses them, and line breaks, in the patient details of a payment intent', async () => {
    for (const [field, value] of [
      ['firstName', 'Ada\u0000'],
      ['lastName', 'Love\u001blace'],
      ['city', 'Ber\nlin'],
      ['address', 'Hauptstraße\t1'],
      ['email', 'ada\u0000@example.org'],
      ['dateOfBirth', '1985-04-12\u0000'],
      ['consentVersion', 'v\u00001'],
    ] as const) {
      const reply = await send('POST', '/api/create-payment-intent', {
        amount: 9900,
        currency: 'eur',
        details: { ...patientDetails('nul'), [field]: value },
      });
      expectRefused(reply, `details.${field}`);
    }
  });

  it('refuses them in a coupon code to validate', async () => {
    expectRefused(await send('POST', '/api/coupons/validate', { code: 'SAVE\u000010' }), 'code');
  });

  it('refuses them in an access code and an authenticator code', async () => {
    expectRefused(await send('POST', '/api/verify-access-code', { code: 'AB\u0000CD' }), 'code');
  });

  it('refuses them in the admin search, in English for an English caller', async () => {
    const reply = await send('GET', '/api/admin/responses?search=ad%00a', undefined, {
      ...admin.headers,
      'accept-language': 'en',
    });
    expect(reply.statusCode, reply.payload).toBe(400);
    expect(reply.json()).toEqual({
      code: 'errors.controlCharacters',
      message: expect.stringContaining('search contains control characters'),
    });
  });

  it('refuses them in a question text and an option, and creates no question', async () => {
    const before = await t.database.db.select({ id: questions.id }).from(questions);
    const base = { QuestionType: 'multiple_choice', Order: 500 };
    const option = { OptionText: 'Daily', Order: 1 };
    expectRefused(
      await send(
        'POST',
        '/api/admin/questions',
        { ...base, QuestionText: 'How\u0000 often?', Options: [option] },
        admin.headers,
      ),
      'QuestionText',
    );
    expectRefused(
      await send(
        'POST',
        '/api/admin/questions',
        { ...base, QuestionText: 'How often?', Options: [{ ...option, OptionText: 'Da\nily' }] },
        admin.headers,
      ),
      'Options.0.OptionText',
    );
    expect(await t.database.db.select({ id: questions.id }).from(questions)).toEqual(before);
  });

  it('allows line breaks in a question text', async () => {
    const reply = await send(
      'POST',
      '/api/admin/questions',
      { QuestionType: 'text', QuestionText: 'Describe it.\nTake your time.', Order: 501 },
      admin.headers,
    );
    expect(reply.statusCode, reply.payload).toBe(201);
  });

  it('refuses them in the confirmation of an erasure and in a media path', async () => {
    const patient = await t.createPatient();
    expectRefused(
      await send(
        'DELETE' as 'PUT',
        `/api/admin/patients/${patient.id}`,
        { confirmEmail: `${patient.email}\u0000` },
        admin.headers,
      ),
      'confirmEmail',
    );
    const media = await send('GET', '/api/admin/media/media%2F%00.jpg', undefined, admin.headers);
    expect(media.statusCode, media.payload).toBe(400);
  });
});
