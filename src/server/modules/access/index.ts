/** Access: the codes that open an assessment, signing in with one, and what a session proves. */
export { enqueueAccessCodeMail, registerAccessCodeDelivery } from './access-code-delivery';
export { createAssessmentWithCode, maskedCodesOf } from './access-codes';
export { rememberErasedCodes, retireCodesOf } from './access-codes-repository';
export {
  authenticate,
  claimsStillStand,
  readSessionClaims,
  sessionEndedError,
} from './authenticate';
export { authRoutes } from './routes';
export { sessionForAssessment } from './session';
