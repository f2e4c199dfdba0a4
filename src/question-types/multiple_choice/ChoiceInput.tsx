import { useId } from 'react';
import { Icon } from '../../client/lib/Icon';
import type { SurveyInputProps } from '../question-type.client';

/** MUI's RadioButtonUnchecked ring and the dot of RadioButtonChecked. */
const RING =
  'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8';
const DOT = 'M12 7a5 5 0 1 0 0 10 5 5 0 1 0 0-10';

/**
 * The options as the browser's own radio buttons in one group (arrow keys move between them),
 * drawn as MUI's Radio in outlined rows (`choice-input.css`): the survey's first questions are
 * usable without MUI.
 */
export default function ChoiceInput({
  question,
  draft,
  onChange,
  labelledBy,
}: SurveyInputProps<'multiple_choice'>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className="choice-group">
      {question.options.map((option) => {
        const checked = draft.optionId === option.id;
        return (
          <label key={option.id} className={checked ? 'choice choice-checked' : 'choice'}>
            <span className="choice-radio">
              <input
                className="native-control"
                type="radio"
                name={name}
                value={option.id}
                checked={checked}
                onChange={() => onChange({ optionId: option.id })}
              />
              <Icon path={checked ? [RING, DOT] : RING} />
            </span>
            <span className="choice-text">{option.text}</span>
          </label>
        );
      })}
    </div>
  );
}
