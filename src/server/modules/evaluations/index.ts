/** Evaluations: the dentist's evaluation, its addenda, and the patient's pages and PDF of it. */
export { registerEvaluationMails } from './evaluation-mails';
export { evaluationMessages } from './messages';
export { sentEvaluation } from './patient-evaluation-service';
export { evaluationRoutes } from './routes';
