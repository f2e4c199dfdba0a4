import { localIsoDate } from '../../../shared/dates';
import { OutlinedField } from '../../lib/OutlinedField';
import { useBrowserValue, useHydrated } from '../../lib/use-hydrated';
import { DETAIL_FIELDS, type DetailFieldName } from './detail-fields';

interface Props {
  name: DetailFieldName;
  label: string;
  value: string;
  onChange(value: string): void;
  /** The message under the field, in the page's language; none when the value is fine. */
  error?: string;
  wide?: boolean;
}

/**
 * One field of the details step. It knows itself whether the page has hydrated, so that
 * becoming editable re-renders this field alone, not the whole form.
 */
export function DetailField({ name, label, value, onChange, error, wide }: Props) {
  const meta = DETAIL_FIELDS[name];
  // The latest date of birth: not in the prerendered HTML, whose day has passed by the time it
  // is served.
  const today = useBrowserValue(localIsoDate);
  const hydrated = useHydrated();
  return (
    <OutlinedField
      id={`details-${name}`}
      name={name}
      label={label}
      type={meta.type ?? 'text'}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required
      autoComplete={meta.autoComplete}
      error={Boolean(error)}
      helperText={error}
      className={wide ? 'details-wide' : undefined}
      shrinkLabel={meta.type === 'date' ? true : undefined}
      htmlInput={{
        ...(meta.type === 'date' ? { max: today, min: '1900-01-01' } : {}),
        // Typed into the static page, it would be reset by hydration.
        readOnly: !hydrated,
        'data-testid': `details-${name}`,
      }}
    />
  );
}
