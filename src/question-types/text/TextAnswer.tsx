import Typography from '@mui/material/Typography';
import { NoAnswer } from '../NoAnswer';
import type { AnswerViewProps } from '../question-type.client';

/** The text as typed: three lines in the table, all of it with its line breaks in the dialog. */
export function TextAnswer({ response, full }: AnswerViewProps) {
  if (!response.AnswerText?.trim()) return <NoAnswer />;
  return (
    <Typography
      variant="body2"
      sx={
        full
          ? { whiteSpace: 'pre-wrap' }
          : {
              display: '-webkit-box',
              WebkitLineClamp: 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }
      }
    >
      {response.AnswerText}
    </Typography>
  );
}
