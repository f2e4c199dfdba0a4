import Check from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';

/** A light two-step indicator (MUI's Stepper would add weight to the first page load). */
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
    <Box
      component="ol"
      aria-label={label}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, listStyle: 'none', p: 0, m: 0 }}
    >
      {labels.map((text, index) => {
        const done = index < active;
        const current = index === active;
        return (
          <Fragment key={text}>
            {index > 0 && (
              <Box
                component="li"
                aria-hidden
                sx={{
                  flex: 1,
                  height: '2px',
                  minWidth: 24,
                  bgcolor: done || current ? 'primary.main' : 'divider',
                }}
              />
            )}
            <Box
              component="li"
              aria-current={current ? 'step' : undefined}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, flexShrink: 0 }}
            >
              <Box
                sx={{
                  width: 26,
                  height: 26,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  fontSize: 13,
                  fontWeight: 700,
                  color: 'common.white',
                  bgcolor: done || current ? 'primary.main' : 'grey.500',
                }}
              >
                {done ? <Check sx={{ fontSize: 16 }} aria-hidden /> : index + 1}
              </Box>
              <Typography
                variant="body2"
                sx={{
                  fontWeight: current ? 600 : 400,
                  color: current || done ? 'text.primary' : 'text.secondary',
                }}
              >
                {text}
              </Typography>
            </Box>
          </Fragment>
        );
      })}
    </Box>
  );
}
