import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react';

interface Props {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  type?: string;
  required?: boolean;
  autoComplete?: string;
  error?: boolean;
  /** The line under the field; its height is kept when there is none. */
  helperText?: ReactNode;
  /** Keeps the label above the field, as a date field's own placeholder needs. */
  shrinkLabel?: boolean;
  className?: string;
  htmlInput?: InputHTMLAttributes<HTMLInputElement> & { 'data-testid'?: string };
}

/**
 * MUI's outlined text field in plain HTML with the same look and markup roles
 * (`outlined-field.css`): the paywall's first screen shows nine of them, and MUI's version
 * made each render run its styling at run time.
 */
export function OutlinedField({
  id,
  name,
  label,
  value,
  onChange,
  type = 'text',
  required,
  autoComplete,
  error,
  helperText,
  shrinkLabel,
  className,
  htmlInput,
}: Props) {
  const helperId = `${id}-helper-text`;
  const classes = [
    'outlined outlined-full',
    value !== '' && 'outlined-filled',
    shrinkLabel && 'outlined-shrink',
    error && 'outlined-error',
    className,
  ];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <label htmlFor={id} id={`${id}-label`} className="outlined-label">
        {label}
        {required && <span aria-hidden="true">{'\u2009*'}</span>}
      </label>
      <div className="outlined-box">
        <input
          {...htmlInput}
          id={id}
          name={name}
          type={type}
          value={value}
          onChange={onChange}
          required={required}
          autoComplete={autoComplete}
          aria-invalid={error ? true : false}
          aria-describedby={helperId}
          className="outlined-input"
        />
        <fieldset aria-hidden="true" className="outlined-outline">
          <legend>
            <span>
              {label}
              {required && '\u2009*'}
            </span>
          </legend>
        </fieldset>
      </div>
      <p id={helperId} className="outlined-helper">
        {helperText ?? <span aria-hidden="true">{'\u200b'}</span>}
      </p>
    </div>
  );
}
