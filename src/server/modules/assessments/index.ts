/** Assessments: what one checkout bought, its state from in progress to evaluated, and its care mails. */
export { notEditable, requireEditableAssessment } from './assessment-guard';
export { registerAssessmentMails } from './assessment-mails';
export {
  EDITABLE_STATUSES,
  isEditable,
  isOverdue,
  OPEN_REVIEW_STATUSES,
  type PatientScope,
} from './assessment-state';
export { findAssessmentWithAccount } from './assessment-with-account';
export {
  accountHasAssessments,
  assessmentIdsAfter,
  assessmentSessionRowSql,
  assessmentStatusSql,
  assessmentTokenVersionSql,
  cancelAssessment,
  deleteAssessment,
  endAssessmentSessions,
  findAssessment,
  findAssessments,
  findPatientAssessment,
  findQueuedAssessment,
  isAssessmentOfIn,
  listAssessmentsOfAccount,
  listAssessmentsOfAccounts,
  listExpiredAssessments,
  listPatientPage,
  listQueuedAssessments,
  lockAssessment,
  setAssessmentLanguage,
  transitionAssessment,
  type AssessmentRow,
} from './assessments-repository';
export { registerCareScans } from './care-scans';
export type { AssessmentSessionEndReason } from './tables';
export { createAssessment, type AssessmentDetails } from './create-assessment';
export { assessmentMessages } from './messages';
export { patientNamesOf } from './patient-names';
export { startReview } from './start-review';
export { submitWithCompletionMail, type SubmitDeps } from './submit-assessment';
