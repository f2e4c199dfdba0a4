import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  AdminAccessCodeResponses,
  AdminResponsesPage,
  AdminResponsesQuery,
} from '../../shared/contracts/admin-responses';
import { maskedAccessCode } from '../../shared/contracts/admin-responses';
import type { DbOrTx } from '../db/client';
import {
  accessCodes,
  optionTranslations,
  questionOptions,
  questions,
  questionTranslations,
  responses,
  users,
} from '../db/schema';
import { notFound } from '../http/app-error';
import { screenerScores } from '../review/assessment-answers';

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of patients with their assessments, answer counts, review status and screener score,
 * in four queries whatever the page size: the page of patients, the total, the access codes with
 * their counts, and the screener answers of those access codes.
 * Patients whose latest assessment is newest come first.
 */
export async function listResponsePage(
  db: DbOrTx,
  query: AdminResponsesQuery,
  now = new Date(),
): Promise<AdminResponsesPage> {
  const { page, pageSize } = query;
  const search = query.search ? likePattern(query.search) : undefined;
  // The name and address searched are those entered at any of the account's checkouts.
  const filter = and(
    eq(users.isAdmin, false),
    search
      ? or(
          ilike(users.email, search),
          ilike(accessCodes.email, search),
          ilike(accessCodes.firstName, search),
          ilike(accessCodes.lastName, search),
          ilike(sql`${accessCodes.firstName} || ' ' || ${accessCodes.lastName}`, search),
        )
      : undefined,
  );
  const latest = sql<Date>`max(${accessCodes.createdAt})`;
  const latestOf = (column: AnyPgColumn) =>
    sql<string>`(array_agg(${column} ORDER BY ${accessCodes.createdAt} DESC))[1]`;

  const [pageRows, [totalRow]] = await Promise.all([
    db
      .select({
        id: users.id,
        firstName: latestOf(accessCodes.firstName),
        lastName: latestOf(accessCodes.lastName),
        email: users.email,
      })
      .from(users)
      .innerJoin(accessCodes, eq(accessCodes.userId, users.id))
      .where(filter)
      .groupBy(users.id)
      .orderBy(desc(latest), desc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(distinct ${users.id})::int` })
      .from(users)
      .innerJoin(accessCodes, eq(accessCodes.userId, users.id))
      .where(filter),
  ]);

  const userIds = pageRows.map((row) => row.id);
  const codeRows =
    userIds.length === 0
      ? []
      : await db
          .select({
            id: accessCodes.id,
            userId: accessCodes.userId,
            firstName: accessCodes.firstName,
            lastName: accessCodes.lastName,
            hint: accessCodes.codeHint,
            status: accessCodes.status,
            createdAt: accessCodes.createdAt,
            submittedAt: accessCodes.submittedAt,
            dueAt: accessCodes.dueAt,
            responseCount: count(responses.id),
          })
          .from(accessCodes)
          .leftJoin(responses, eq(responses.accessCodeId, accessCodes.id))
          .where(inArray(accessCodes.userId, userIds))
          .groupBy(accessCodes.id)
          .orderBy(desc(accessCodes.createdAt), desc(accessCodes.id));
  const scores = await screenerScores(
    db,
    codeRows.map((code) => code.id),
  );
  const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

  return {
    page,
    pageSize,
    total: Number(totalRow?.n ?? 0),
    users: pageRows.map((user) => ({
      ID: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      accessCodes: codeRows
        .filter((code) => code.userId === user.id)
        .map((code) => ({
          ID: code.id,
          firstName: code.firstName,
          lastName: code.lastName,
          accessCode: maskedAccessCode(code.hint),
          createdAt: new Date(code.createdAt).toISOString(),
          status: code.status,
          responseCount: Number(code.responseCount),
          submittedAt: iso(code.submittedAt),
          dueAt: iso(code.dueAt),
          overdue:
            code.status !== 'evaluated' &&
            code.dueAt !== null &&
            new Date(code.dueAt).getTime() < now.getTime(),
          screener: scores.get(code.id) ?? null,
        })),
    })),
  };
}

/** Every answer of one assessment with its question and options, in survey order. */
export async function listAccessCodeResponses(
  db: DbOrTx,
  accessCodeId: number,
): Promise<AdminAccessCodeResponses & { userId: number }> {
  const [code] = await db
    .select({ id: accessCodes.id, userId: accessCodes.userId })
    .from(accessCodes)
    .where(eq(accessCodes.id, accessCodeId));
  if (!code) throw notFound('admin.accessCodeNotFound');

  const rows = await db
    .select({ response: responses, question: questions })
    .from(responses)
    .innerJoin(questions, eq(questions.id, responses.questionId))
    .where(eq(responses.accessCodeId, accessCodeId))
    .orderBy(asc(questions.sortOrder), asc(questions.id));

  const questionIds = [...new Set(rows.map((row) => row.question.id))];
  const [translationRows, optionRows] =
    questionIds.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select()
            .from(questionTranslations)
            .where(inArray(questionTranslations.questionId, questionIds)),
          db
            .select()
            .from(questionOptions)
            .where(inArray(questionOptions.questionId, questionIds))
            .orderBy(asc(questionOptions.sortOrder), asc(questionOptions.id)),
        ]);
  const optionIds = optionRows.map((row) => row.id);
  const optionTranslationRows =
    optionIds.length === 0
      ? []
      : await db
          .select()
          .from(optionTranslations)
          .where(inArray(optionTranslations.optionId, optionIds));

  const translations = (rows: { languageId: number; translatedText: string }[]) =>
    rows.map((row) => ({ LanguageID: row.languageId, TranslatedText: row.translatedText }));

  return {
    accessCodeId,
    userId: code.userId,
    responses: rows.map(({ response, question }) => ({
      ID: response.id,
      Question: {
        ID: question.id,
        QuestionType: question.questionType,
        QuestionText: question.questionText,
        IsActive: question.isActive,
        Translations: translations(translationRows.filter((t) => t.questionId === question.id)),
        Options: optionRows
          .filter((o) => o.questionId === question.id)
          .map((o) => ({
            ID: o.id,
            OptionText: o.optionText,
            IsActive: o.isActive,
            Translations: translations(optionTranslationRows.filter((t) => t.optionId === o.id)),
          })),
      },
      OptionID: response.optionId,
      AnswerText: response.answerText,
      MediaType: response.mediaType,
      MediaPath: response.mediaPath,
      PainPoints: response.painPoints,
      Symptoms: response.symptoms,
      CreatedAt: new Date(response.createdAt).toISOString(),
      UpdatedAt: new Date(response.updatedAt).toISOString(),
    })),
  };
}
