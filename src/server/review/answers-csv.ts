import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accessCodes, questionOptions, questions, responses } from '../db/schema';

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
  'answer_text',
  'option_text',
  'option_score',
  'media_type',
  'media_path',
  'pain_points',
  'symptoms',
  'answered_at',
];

/** RFC 4180: quote fields with commas, quotes or line breaks; double the quotes inside. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvRow = (values: unknown[]) => `${values.map(csvField).join(',')}\r\n`;

const PAGE = 1000;

/**
 * All answers, one row each, read in pages by id so the export streams at any size. Questions
 * appear with their English base text; pain points and symptoms as JSON for analysis tools.
 */
export async function* answersCsv(db: Db): AsyncGenerator<string> {
  // A byte order mark lets spreadsheet programs open the UTF-8 file with umlauts intact.
  yield `\uFEFF${csvRow(COLUMNS)}`;
  let lastId = 0;
  for (;;) {
    const rows = await db
      .select({
        id: responses.id,
        accessCodeId: responses.accessCodeId,
        userId: responses.userId,
        email: accessCodes.email,
        firstName: accessCodes.firstName,
        lastName: accessCodes.lastName,
        status: accessCodes.status,
        questionId: questions.id,
        order: questions.sortOrder,
        type: questions.questionType,
        text: questions.questionText,
        instrumentItem: questions.instrumentItem,
        answerText: responses.answerText,
        optionText: questionOptions.optionText,
        optionScore: questionOptions.score,
        mediaType: responses.mediaType,
        mediaPath: responses.mediaPath,
        painPoints: responses.painPoints,
        symptoms: responses.symptoms,
        updatedAt: responses.updatedAt,
      })
      .from(responses)
      .innerJoin(accessCodes, eq(accessCodes.id, responses.accessCodeId))
      .innerJoin(questions, eq(questions.id, responses.questionId))
      .leftJoin(questionOptions, and(eq(questionOptions.id, responses.optionId)))
      .where(gt(responses.id, lastId))
      .orderBy(asc(responses.id))
      .limit(PAGE);
    for (const row of rows) {
      yield csvRow([
        row.accessCodeId,
        row.userId,
        row.email,
        row.firstName,
        row.lastName,
        row.status,
        row.questionId,
        row.order,
        row.type,
        row.text,
        row.instrumentItem,
        row.answerText,
        row.optionText,
        row.optionScore,
        row.mediaType,
        row.mediaPath,
        row.painPoints?.length ? row.painPoints : null,
        row.symptoms?.length ? row.symptoms : null,
        row.updatedAt.toISOString(),
      ]);
    }
    if (rows.length < PAGE) return;
    lastId = rows.at(-1)!.id;
  }
}
