import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { patientDetails } from '../helpers/payments';
import { firstQuestionOfType } from '../helpers/seed-answers';
import { useTestApp } from '../helpers/test-app';

let log = '';
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    log += chunk.toString();
    done();
  },
});

const t = useTestApp({}, {}, logStream);

interface LogLine {
  level: number;
  msg: string;
  err?: { type: string; code?: string; message: string; stack?: string; cause?: unknown };
}
const lines = (): LogLine[] =>
  log
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as LogLine);

async function saveAnswer(answerText: string) {
  const patient = await t.createPatient();
  const text = await firstQuestionOfType(t.database.db, 'text');
  return t.app.inject({
    method: 'POST',
    url: '/api/survey/responses',
    headers: patient.headers,
    payload: { questionId: text.id, answerText },
  });
}

describe('errors in the log', () => {
  it('carry no SQL values when a save fails inside the database (check constraint)', async () => {
    await t.database.db.execute(
      sql.raw(`ALTER TABLE answers ADD CONSTRAINT test_refuse_answers
        CHECK (value->>'answerText' IS NULL OR value->>'answerText' NOT LIKE '%Kieferknacken%')`),
    );
    try {
      log = '';
      const secret = 'Kieferknacken seit dem Fahrradunfall im Mai';
      const reply = await saveAnswer(secret);
      expect(reply.statusCode).toBe(500);
      const failure = lines().find((line) => line.msg === 'request failed');
      // Still useful to an operator: what kind of error, which SQLSTATE, which constraint.
      expect(JSON.stringify(failure?.err)).toContain('23514');
      expect(JSON.stringify(failure?.err)).toContain('test_refuse_answers');
      for (const word of ['Kieferknacken', 'Fahrradunfall', 'seit dem']) {
        expect(log, 'the log holds the answer').not.toContain(word);
      }
    } finally {
      await t.database.db.execute(
        sql.raw('ALTER TABLE answers DROP CONSTRAINT test_refuse_answers'),
      );
    }
  });

  it('carry no values that a database message quotes (trigger casting the answer)', async () => {
    await t.database.db.execute(
      sql.raw(`CREATE FUNCTION test_cast_answer() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN PERFORM (NEW.value->>'answerText')::int; RETURN NEW; END $$`),
    );
    await t.database.db.execute(
      sql.raw(`CREATE TRIGGER test_cast_answer BEFORE INSERT OR UPDATE ON answers
        FOR EACH ROW EXECUTE FUNCTION test_cast_answer()`),
    );
    try {
      log = '';
      const reply = await saveAnswer('Zähneknirschen nachts');
      expect(reply.statusCode).toBe(500);
      expect(lines().some((line) => line.err?.message && line.msg === 'request failed')).toBe(true);
      expect(log).toContain('22P02');
      expect(log).not.toContain('knirschen');
    } finally {
      await t.database.db.execute(sql.raw('DROP TRIGGER test_cast_answer ON answers'));
      await t.database.db.execute(sql.raw('DROP FUNCTION test_cast_answer()'));
    }
  });

  it('carry no patient details when a name holds a NUL byte', async () => {
    log = '';
    const details = {
      ...patientDetails('nul'),
      firstName: 'Gertrud\u0000',
      lastName: 'Nachtigall',
      address: 'Lindenallee 17',
      phone: '+49 170 5550199',
      dateOfBirth: '1961-03-09',
    };
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { amount: 9900, currency: 'eur', details },
    });
    expect(reply.statusCode).toBe(400);
    expect(log).toContain('request refused');
    for (const value of ['Gertrud', 'Nachtigall', 'Lindenallee', '5550199', '1961-03-09']) {
      expect(log).not.toContain(value);
    }
    expect(log).not.toContain(details.email);
  });
});
