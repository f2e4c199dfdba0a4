import type { ReactNode } from 'react';
import { Icon } from '../../lib/Icon';

/** MUI's CheckBoxOutlineBlank and CheckBox icons. */
const UNCHECKED =
  'M19 5v14H5V5zm0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2';
const CHECKED =
  'M19 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.11 0 2-.9 2-2V5c0-1.1-.89-2-2-2m-9 14-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8z';

interface Props {
  id: string;
  checked: boolean;
  onChange(checked: boolean): void;
  label: ReactNode;
  /** The message under the box, in the page's language; none when it is ticked as needed. */
  error?: string;
}

/**
 * One agreement of the details step: the browser's checkbox, drawn as MUI's (`paywall.css`),
 * with its label and the line for its message.
 */
export function AgreementBox({ id, checked, onChange, label, error }: Props) {
  return (
    <div className={error ? 'agreement agreement-error' : 'agreement'}>
      <label className="agreement-label">
        <span className="agreement-box">
          <input
            className="native-control"
            type="checkbox"
            id={id}
            checked={checked}
            onChange={(event) => onChange(event.currentTarget.checked)}
            aria-describedby={`${id}-help`}
          />
          <Icon path={checked ? CHECKED : UNCHECKED} />
        </span>
        <span className="agreement-text">{label}</span>
      </label>
      <p id={`${id}-help`} className="outlined-helper">
        {error ?? <span aria-hidden="true">{'\u200b'}</span>}
      </p>
    </div>
  );
}
