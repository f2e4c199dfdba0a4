import { GERMAN_LANGUAGE_ID } from '../../../shared/constants';
import { findOverlayGuide, overlayForQuestionText, type OverlayId } from '../../../shared/overlays';
import type { QuestionnaireQuestion, Texts } from '../../../shared/questionnaire';

/** The German text in the admin contract's shape (SPEC: LanguageID 2 is German). */
export const translationsOf = (texts: Texts) =>
  texts.de ? [{ LanguageID: GERMAN_LANGUAGE_ID, TranslatedText: texts.de }] : [];

/**
 * The guide a camera question shows: its own ("none" is a choice too: the camera without a
 * guide), or, when the practice chose none, one picked from its English text.
 */
export function overlayOfQuestion(
  question: Pick<QuestionnaireQuestion, 'type' | 'overlay' | 'text'>,
): OverlayId {
  if (question.type !== 'photo' && question.type !== 'video') return 'none';
  const own = findOverlayGuide(question.overlay);
  return own ? own.id : overlayForQuestionText(question.text.en);
}
