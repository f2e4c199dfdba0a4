import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SurveyInputProps } from '../question-type.client';
import { MAX_ANSWER_TEXT_LENGTH } from './shared';
import { SURVEY_TEXTS } from './survey-texts';

/** How close to the limit the count appears: a short answer never sees it. */
const COUNT_FROM_REMAINING = 500;

/**
 * MUI's outlined multi-line text field in plain HTML (`text-input.css`, with the outlined
 * field's `outlined-field.css`): the survey's first question is usable without MUI. Near the
 * limit it counts what is left, and at the limit it says so: the browser cuts a longer paste
 * without a word, and the patient would not know that the end of their text is missing.
 */
export default function TextInput({ draft, onChange, labelledBy }: SurveyInputProps<'text'>) {
  const { t, i18n } = useTranslation(SURVEY_TEXTS);
  const countId = useId();
  const remaining = MAX_ANSWER_TEXT_LENGTH - draft.answerText.length;
  const counted = remaining <= COUNT_FROM_REMAINING;
  const limitReached = t('limitReached', {
    max: MAX_ANSWER_TEXT_LENGTH.toLocaleString(i18n.language),
  });
  return (
    <div className="outlined outlined-full outlined-unlabelled">
      <div className="outlined-box">
        <textarea
          className="outlined-input text-input"
          value={draft.answerText}
          onChange={(e) => onChange({ answerText: e.currentTarget.value })}
          placeholder={t('placeholder')}
          rows={4}
          maxLength={MAX_ANSWER_TEXT_LENGTH}
          aria-labelledby={labelledBy}
          aria-describedby={counted ? countId : undefined}
        />
        <fieldset aria-hidden="true" className="outlined-outline" />
      </div>
      {counted && (
        <p id={countId} className="outlined-helper" data-testid="text-count">
          {remaining > 0 ? t('charactersLeft', { count: remaining }) : limitReached}
        </p>
      )}
      {/* Announced once, when the limit is reached; the count itself is not read per key. */}
      <span role="status" className="visually-hidden">
        {remaining > 0 ? '' : limitReached}
      </span>
    </div>
  );
}
