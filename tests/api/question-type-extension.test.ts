import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { registerQuestionType } from '../../src/question-types/registry.server';
import { scaleServer } from '../fixtures/scale-question-type/server';
import { scaleType } from '../fixtures/scale-question-type/shared';
import { csvRecords } from '../helpers/csv';
import { useAdmin, useTestApp } from '../helpers/test-app';

const run = promisify(execFile);

// A seventh question type, from its own folder (tests/fixtures/scale-question-type), registered
// before the app is built: nothing else in the product changes, and no migration runs.
registerQuestionType(scaleType, scaleServer);

const t = useTestApp();
const admin = useAdmin(t);

const call = (
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) => t.app.inject({ method, url, headers, payload: payload as object });

describe('a question type added in its own folder', () => {
  it('is asked, saved, read back, exported and printed like the built-in ones', async () => {
    const created = await call('POST', '/api/admin/questions', admin.headers, {
      QuestionType: 'scale_0_10',
      QuestionText: 'How strong is your jaw pain today, from 0 to 10?',
      Order: 99,
      IsActive: true,
      Overlay: null,
      Translations: [{ LanguageID: 2, TranslatedText: 'Wie stark sind Ihre Kieferschmerzen?' }],
      Options: [],
    });
    expect(created.statusCode).toBe(201);
    const questionId = created.json().ID as number;

    const patient = await t.createPatient({ firstName: 'Skala', lastName: 'Patientin' });
    const save = (body: Record<string, unknown>) =>
      call('POST', '/api/survey/responses', patient.headers, { questionId, ...body });
    expect((await save({ score: 11 })).statusCode).toBe(400);
    expect((await save({ score: 7 })).statusCode).toBe(200);

    const questions = await call('GET', '/api/survey/questions', patient.headers);
    const asked = questions.json().find((q: { id: number }) => q.id === questionId);
    expect(asked).toMatchObject({
      questionType: 'scale_0_10',
      answer: { value: { score: 7 }, answerText: null, optionId: null },
    });

    const admins = await call(
      'GET',
      `/api/admin/assessments/${patient.assessmentId}/answers`,
      admin.headers,
    );
    const shown = admins.json().responses.find((r: { Question: { ID: number } }) => {
      return r.Question.ID === questionId;
    });
    expect(shown).toMatchObject({ Question: { QuestionType: 'scale_0_10' }, Value: { score: 7 } });

    const csv = csvRecords(
      (await call('GET', '/api/admin/exports/answers.csv', admin.headers)).body.replace(
        /^\uFEFF/,
        '',
      ),
    );
    const [header, ...rows] = csv;
    const row = rows.find((cells) => cells[header!.indexOf('question_id')] === String(questionId));
    expect(row?.[header!.indexOf('question_type')]).toBe('scale_0_10');
    expect(JSON.parse(row![header!.indexOf('answer_value')]!)).toEqual({ score: 7 });

    const report = await call(
      'GET',
      `/api/admin/assessments/${patient.assessmentId}/report.pdf`,
      admin.headers,
    );
    expect(report.statusCode).toBe(200);
    const dir = await mkdtemp(join(tmpdir(), 'scale-report-'));
    try {
      await writeFile(join(dir, 'report.pdf'), report.rawPayload);
      const { stdout } = await run('pdftotext', [join(dir, 'report.pdf'), '-']);
      expect(stdout).toContain('How strong is your jaw pain today, from 0 to 10?');
      expect(stdout).toContain('7 / 10');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
