/** Answers: one current answer per assessment and question, saved by one statement, read with the questionnaire. */
export {
  readAnswers,
  readSurvey,
  screenerScoreOf,
  screenerScores,
  unansweredRequiredQuestionIds,
} from './answers-read';
export {
  answerCountsByQuestion,
  answerCountsOfAssessments,
  answerRefersTo,
  chosenOptionIds,
  countAnswersOfQuestion,
  deleteAnswersOfAssessment,
  saveAnswerInOneStatement,
  type AnswerRow,
} from './answers-repository';
export { answerMessages } from './messages';
export { answerRoutes } from './routes';
export { storeAnswer } from './store-answer';
