import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { SurveyInputProps } from '../question-type.client';

export default function ChoiceInput({
  question,
  draft,
  onChange,
  labelledBy,
}: SurveyInputProps<'multiple_choice'>) {
  const value = draft.optionId;
  return (
    <RadioGroup
      aria-labelledby={labelledBy}
      value={value === null ? '' : String(value)}
      onChange={(e) => onChange({ optionId: Number(e.target.value) })}
      sx={{ gap: 1 }}
    >
      {question.options.map((option) => (
        <FormControlLabel
          key={option.id}
          value={String(option.id)}
          control={<Radio />}
          label={option.text}
          sx={{
            m: 0,
            px: 1.5,
            py: 0.75,
            border: 1,
            borderRadius: 2,
            borderColor: value === option.id ? 'primary.main' : 'divider',
            bgcolor: value === option.id ? 'action.selected' : 'transparent',
            alignItems: 'center',
          }}
        />
      ))}
    </RadioGroup>
  );
}
