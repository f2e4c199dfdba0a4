/** The questionnaire: questions and options in English and German, their editing, the screener. */
export { scoreInstrument } from './instruments/instrument';
export { TMD_PAIN_SCREENER } from './instruments/tmd-pain-screener';
export { questionnaireMessages } from './messages';
export { overlayOfQuestion, translationsOf } from './questionnaire';
export {
  activeQuestionTypeSql,
  findActiveQuestion,
  isActiveOptionOf,
  isActiveOptionSql,
  isActiveQuestion,
  loadQuestionnaire,
} from './questionnaire-repository';
export { questionnaireRoutes } from './routes';
export { seedDefaultQuestionnaire } from './seed/seed';
