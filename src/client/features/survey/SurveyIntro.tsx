import { useId, useState } from 'react';
import { Icon } from '../../lib/Icon';

/** MUI's ExpandMore icon. */
const EXPAND_MORE = 'M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z';

/**
 * How to answer: open before the first question, folded behind a toggle while the patient is
 * answering, so a phone shows the question and its camera instead of the same paragraph again.
 */
export function SurveyIntro({
  collapsed,
  text,
  toggle,
}: {
  collapsed: boolean;
  text: string;
  toggle: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const hidden = collapsed && !open;
  return (
    <>
      {collapsed && (
        <button
          type="button"
          className="button button-small survey-intro-toggle"
          onClick={() => setOpen((was) => !was)}
          aria-expanded={open}
          aria-controls={id}
        >
          {toggle}
          <span className="button-end-icon">
            <Icon path={EXPAND_MORE} className={open ? 'survey-intro-open' : undefined} />
          </span>
        </button>
      )}
      <p id={id} className="survey-intro" hidden={hidden}>
        {text}
      </p>
    </>
  );
}
