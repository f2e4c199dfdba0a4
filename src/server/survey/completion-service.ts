import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CompletionResult } from '../../shared/contracts/survey';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { accessCodes, questions, responses } from '../db/schema';
import { AppError, notFound } from '../http/app-error';
import type { Mailer } from '../mail/mailer';
import { submitAssessment } from '../review/submit-assessment';
import { completionMail } from './completion-mail';
import type { PatientScope } from './responses-service';

/**
 * Marks the assessment submitted and sends the completion mail once per access code. The
 * conditional update claims the mail inside a transaction: concurrent calls send one mail, and a
 * failed send rolls the claim back so a retry can send it.
 */
export async function completeAssessment(
  deps: {
    db: Db;
    mailer: Mailer;
    config: Pick<Config, 'practiceEmail' | 'publicUrl' | 'practice'>;
  },
  scope: PatientScope,
  now = new Date(),
): Promise<CompletionResult> {
  return deps.db.transaction(async (tx) => {
    const [assessment] = await tx
      .select()
      .from(accessCodes)
      .where(and(eq(accessCodes.id, scope.accessCodeId), eq(accessCodes.userId, scope.userId)));
    if (!assessment) throw notFound();
    const [{ unanswered } = { unanswered: 0 }] = await tx
      .select({ unanswered: sql<number>`count(*)::int` })
      .from(questions)
      .leftJoin(
        responses,
        and(eq(responses.questionId, questions.id), eq(responses.accessCodeId, scope.accessCodeId)),
      )
      .where(and(eq(questions.isActive, true), isNull(responses.id)));
    if (unanswered > 0) throw new AppError(409, 'survey.incomplete');

    const mine = and(eq(accessCodes.id, scope.accessCodeId), eq(accessCodes.userId, scope.userId));
    // Submits it for review (due date, practice notification) the first time only.
    await submitAssessment({ ...deps, db: tx }, scope.accessCodeId, now);
    const claimed = await tx
      .update(accessCodes)
      .set({ completionEmailSentAt: now })
      .where(and(mine, isNull(accessCodes.completionEmailSentAt)))
      .returning({ id: accessCodes.id });
    if (claimed.length === 0) return { ok: true as const, sent: false };

    await deps.mailer.send(
      completionMail({
        to: assessment.email,
        name: `${assessment.firstName} ${assessment.lastName}`,
        language: assessment.language,
      }),
    );
    return { ok: true as const, sent: true };
  });
}
