import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { SurveyQuestion } from '../../../shared/contracts/survey';

export function ChoiceQuestion({
  question,
  value,
  labelledBy,
  onChange,
}: {
  question: SurveyQuestion;
  value: number | null;
  labelledBy: string;
  onChange(optionId: number): void;
}) {
  return (
    <RadioGroup
      aria-labelledby={labelledBy}
      value={value === null ? '' : String(value)}
      onChange={(e) => onChange(Number(e.target.value))}
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
