import { and, eq } from 'drizzle-orm';
import { EVALUATION_WORKING_DAYS, practiceCalendar } from '../calendar/practice-calendar';
import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import { accessCodes } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { practiceNotification } from './practice-notification';

/**
 * Completing the survey submits the assessment, due two working days of the practice later. Only the first
 * completion counts (a conditional update), so the practice is notified once.
 */
export async function submitAssessment(
  deps: {
    db: DbOrTx;
    mailer: Mailer;
    config: Pick<Config, 'practiceEmail' | 'publicUrl' | 'practice'>;
  },
  accessCodeId: number,
  now = new Date(),
): Promise<boolean> {
  const calendar = practiceCalendar(deps.config.practice);
  const dueAt = calendar.addWorkingDays(now, EVALUATION_WORKING_DAYS);
  const [submitted] = await deps.db
    .update(accessCodes)
    .set({ status: 'submitted', submittedAt: now, dueAt })
    .where(and(eq(accessCodes.id, accessCodeId), eq(accessCodes.status, 'in_progress')))
    .returning({ id: accessCodes.id });
  if (!submitted) return false;

  if (deps.config.practiceEmail) {
    await deps.mailer.send(
      practiceNotification({
        to: deps.config.practiceEmail,
        assessmentId: submitted.id,
        dueAt,
        calendar,
        publicUrl: deps.config.publicUrl,
      }),
    );
    await deps.db
      .update(accessCodes)
      .set({ practiceNotifiedAt: new Date() })
      .where(eq(accessCodes.id, submitted.id));
  }
  return true;
}
