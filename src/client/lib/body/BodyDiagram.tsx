import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { BodyView } from '../../../shared/symptoms';

export interface BodyDot {
  key: string;
  /** Fractions 0 to 1 of the image width and height. */
  x: number;
  y: number;
  color: string;
  label: string;
}

/** SPEC section 9: a pain-point dot is 20 px. */
export const DOT_SIZE = 20;

/** A body image (front or side) with coloured dots placed on it. */
export function BodyDiagram({
  view,
  dots,
  alt,
  height = '100%',
}: {
  view: BodyView;
  dots: BodyDot[];
  alt: string;
  height?: string | number | Record<string, string | number>;
}) {
  return (
    <Box
      data-testid={`body-diagram-${view}`}
      sx={{ position: 'relative', height, aspectRatio: '200 / 500', mx: 'auto', maxWidth: '100%' }}
    >
      <Box
        component="img"
        src={`/body/${view}.svg`}
        alt={alt}
        sx={{ display: 'block', width: '100%', height: '100%', userSelect: 'none' }}
        draggable={false}
      />
      {dots.map((dot) => (
        <Tooltip key={dot.key} title={dot.label} arrow>
          <Box
            data-testid="body-dot"
            role="img"
            aria-label={dot.label}
            tabIndex={0}
            sx={{
              position: 'absolute',
              left: `${dot.x * 100}%`,
              top: `${dot.y * 100}%`,
              width: DOT_SIZE,
              height: DOT_SIZE,
              transform: 'translate(-50%, -50%)',
              borderRadius: '50%',
              bgcolor: dot.color,
              border: '2px solid #fff',
              boxShadow: '0 1px 4px rgba(0,0,0,0.35)',
              opacity: 0.92,
              outline: 'none',
              '&:focus-visible': { boxShadow: '0 0 0 3px rgba(21,101,192,0.6)' },
            }}
          />
        </Tooltip>
      ))}
    </Box>
  );
}
