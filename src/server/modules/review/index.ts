/** Review: the patients page, an assessment's answers, the review queue and the case report. */
export { reviewMessages } from './messages';
export { reviewRoutes } from './routes';
