/** The patient's survey: its questions with the answers so far, saving one, completing it. */
export { surveyRoutes } from './routes';
