/** The practice's data-protection duties: the patient's export, erasure and retention. */
export { privacyMessages } from './messages';
export { registerCleanupJobs } from './retention';
export { privacyRoutes } from './routes';
export { registerErasureMail } from './erasure-mail';
