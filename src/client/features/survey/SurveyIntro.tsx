import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

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
  const paragraph = (
    <Typography id={id} color="text.secondary" sx={{ mt: 1, maxWidth: 640 }}>
      {text}
    </Typography>
  );
  if (!collapsed) return paragraph;
  return (
    <>
      <Button
        size="small"
        onClick={() => setOpen((was) => !was)}
        aria-expanded={open}
        aria-controls={id}
        endIcon={
          <ExpandMoreIcon
            sx={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
          />
        }
        sx={{ ml: -1 }}
      >
        {toggle}
      </Button>
      <Collapse in={open}>{paragraph}</Collapse>
    </>
  );
}
