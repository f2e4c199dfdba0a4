import { Fragment } from 'react';
import { Icon } from '../../lib/Icon';

/** MUI's Check icon. */
const CHECK = 'M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z';

/** A light two-step indicator, in plain HTML (`paywall.css`). */
export function CheckoutSteps({
  labels,
  active,
  label,
}: {
  labels: string[];
  active: number;
  label: string;
}) {
  return (
    <ol aria-label={label} className="checkout-steps">
      {labels.map((text, index) => {
        const done = index < active;
        const current = index === active;
        const reached = done || current ? ' checkout-step-reached' : '';
        return (
          <Fragment key={text}>
            {index > 0 && <li aria-hidden className={`checkout-steps-line${reached}`} />}
            <li
              aria-current={current ? 'step' : undefined}
              className={`checkout-step${reached}${current ? ' checkout-step-current' : ''}`}
            >
              <div className="checkout-step-number">{done ? <Icon path={CHECK} /> : index + 1}</div>
              <p className="checkout-step-label">{text}</p>
            </li>
          </Fragment>
        );
      })}
    </ol>
  );
}
