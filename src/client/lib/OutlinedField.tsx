import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
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
  helperText?: ReactNode;
  /** Keeps the label above the field, as a date field's own placeholder needs. */
  shrinkLabel?: boolean;
  sx?: SxProps<Theme>;
  htmlInput?: InputHTMLAttributes<HTMLInputElement> & { 'data-testid'?: string };
}

/**
 * The outlined text field of MUI's TextField, put together from its parts: TextField also
 * brings the select variant (Select, Menu, Popover, Modal) and the other input variants, about
 * a tenth of the paywall's JavaScript, none of which the first screen shows.
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
  sx,
  htmlInput,
}: Props) {
  const helperId = `${id}-helper-text`;
  return (
    <FormControl fullWidth required={required} error={error} sx={sx}>
      <InputLabel htmlFor={id} id={`${id}-label`} shrink={shrinkLabel}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        value={value}
        onChange={onChange}
        autoComplete={autoComplete}
        label={label}
        notched={shrinkLabel}
        inputProps={{ ...htmlInput, 'aria-describedby': helperId }}
      />
      <FormHelperText id={helperId}>{helperText}</FormHelperText>
    </FormControl>
  );
}
