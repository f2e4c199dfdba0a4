import { stringify } from 'csv-stringify/sync';
import { serverOfType } from '../../../question-types/registry.server';
import type { CsvAnswerCells } from '../../../question-types/server-type';
import type { Db } from '../../platform/db/client';
import type { AuthContext } from '../../platform/auth-context';
import { recordAudit } from '../audit';
import { assessmentIdsAfter, findAssessments } from '../assessments';
import { readAnswers } from './answers-read';

const ANSWER_COLUMNS: (keyof CsvAnswerCells)[] = [
  'answer_text',
  'option_text',
  'option_score',
  'media_type',
  'media_path',
  'pain_points',
  'symptoms',
];

const COLUMNS = [
  'assessment_id',
  'patient_id',
  'patient_email',
  'patient_first_name',
  'patient_last_name',
  'assessment_status',
  'question_id',
  'question_order',
  'question_type',
  'question_text',
  'instrument_item',
  ...ANSWER_COLUMNS,
  // The answer as its type stores it (JSON): a type added later has only this column.
  'answer_value',
  'answered_at',
];

/**
 * RFC 4180 with every cell quoted, and a cell that starts with =, +, -, @, tab or carriage return
 * (or their full-width forms) prefixed with a single quote, as OWASP's CSV injection guidance
 * says: a spreadsheet shows it as text instead of running it as a formula. Numbers stay numbers;
 * pain points and symptoms become JSON.
 */
const csvRows = (rows: unknown[][]) =>
  stringify(rows, { quoted: true, escape_formulas: true, record_delimiter: 'windows' });

/** Assessments read per step: the export streams at any size. */
const PAGE = 200;

/**
 * All answers, one row each, assessment by assessment in questionnaire order. Questions appear
 * with their English base text; each question type fills its own answer columns.
 */
async function* answersCsv(db: Db): AsyncGenerator<string> {
  // A byte order mark lets spreadsheet programs open the UTF-8 file with umlauts intact.
  yield `\uFEFF${csvRows([COLUMNS])}`;
  let lastId = 0;
  for (;;) {
    const ids = await assessmentIdsAfter(db, lastId, PAGE);
    if (ids.length === 0) return;
    const [assessments, answers] = await Promise.all([
      findAssessments(db, ids),
      readAnswers(db, ids),
    ]);
    const assessmentOf = new Map(assessments.map((assessment) => [assessment.id, assessment]));
    yield csvRows(
      answers.map((item) => {
        const assessment = assessmentOf.get(item.assessmentId)!;
        const cells = serverOfType(item.question.type).csvCells(item);
        return [
          assessment.id,
          assessment.userId,
          assessment.email,
          assessment.firstName,
          assessment.lastName,
          assessment.status,
          item.question.id,
          item.question.sortOrder,
          item.question.type,
          item.question.text.en,
          item.question.instrumentItem,
          ...ANSWER_COLUMNS.map((column) => cells[column] ?? null),
          item.answer.value,
          item.answer.updatedAt.toISOString(),
        ];
      }),
    );
    lastId = ids.at(-1)!;
  }
}

/** The answers CSV for an administrator; the export is audit-logged before it starts. */
export async function exportAnswersCsv(
  db: Db,
  actor: AuthContext,
): Promise<AsyncGenerator<string>> {
  await recordAudit(db, actor, { action: 'answers.export', detail: 'csv' });
  return answersCsv(db);
}
