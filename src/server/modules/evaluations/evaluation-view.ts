import type { Language } from '../../../shared/constants';
import type {
  Addendum,
  PatientEvaluation,
  PracticeContact,
} from '../../../shared/contracts/evaluation';
import type { Config } from '../../platform/config';
import { conclusionText } from './conclusions-service';
import type { AddendumRow, ConclusionRow, EvaluationRow } from './evaluations-repository';

export type Letterhead = Config['letterhead'];

export const toAddenda = (rows: AddendumRow[]): Addendum[] =>
  rows.map((row) => ({
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    author: row.authorName ?? null,
  }));

/** The practice's phone, e-mail and booking link, as the patient may use them. */
export const practiceContact = (letterhead: Letterhead): PracticeContact => ({
  name: letterhead.name,
  phone: letterhead.phone ?? null,
  email: letterhead.email ?? null,
  bookingUrl: letterhead.bookingUrl ?? null,
});

/**
 * The evaluation as the patient reads it, in their language: the one shape of the patient's page,
 * the dentist's preview and the PDF. A sent evaluation shows the conclusion as it was sent; a
 * draft, the list's current wording of its choice.
 */
export function toPatientEvaluation(
  evaluation: EvaluationRow,
  chosen: ConclusionRow | undefined,
  addenda: AddendumRow[],
  language: Language,
  letterhead: Letterhead,
): Omit<PatientEvaluation, 'sentAt'> & { sentAt: string | null } {
  const sentConclusion = language === 'de' ? evaluation.conclusionDe : evaluation.conclusionEn;
  const offered = letterhead.bookingUrl || letterhead.phone;
  return {
    evaluatedBy: evaluation.sentByName ?? null,
    contact: practiceContact(letterhead),
    conclusion: sentConclusion ?? (chosen ? conclusionText(chosen, language) : ''),
    findings: evaluation.findings,
    recommendations: evaluation.recommendations,
    sentAt: evaluation.sentAt?.toISOString() ?? null,
    addenda: toAddenda(addenda),
    callToAction:
      evaluation.callToAction && offered
        ? { bookingUrl: letterhead.bookingUrl ?? null, phone: letterhead.phone ?? null }
        : null,
  };
}
