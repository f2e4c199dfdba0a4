import Box from '@mui/material/Box';
import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { BodyView } from '../../../shared/symptoms';

export interface DiagramDot {
  id: string;
  /** Fractions 0..1 of the image width and height. */
  x: number;
  y: number;
  color: string;
  /** Accessible name of the dot, e.g. "Strong pain point, remove". */
  label: string;
  /** Makes the dot a button (e.g. remove it). */
  onActivate?: () => void;
}

export interface BodyDiagramProps {
  view: BodyView;
  alt: string;
  dots: DiagramDot[];
  /** Clicking the body (or Enter on the keyboard cursor) places a point at these fractions. */
  onPlace?: (x: number, y: number) => void;
  /** Accessible instructions for placing with the keyboard. */
  placeLabel?: string;
  /** CSS height of the diagram; defaults to 80vh / 70vh / 60vh by screen size (SPEC section 9). */
  height?: Record<string, string> | string;
}

export const DOT_SIZE = 20;
const KEY_STEP = 0.02;
const clamp = (value: number) => Math.min(1, Math.max(0, value));

/** A body image (front or side) with dots at fractional positions; shared by survey and admin. */
export function BodyDiagram({ view, alt, dots, onPlace, placeLabel, height }: BodyDiagramProps) {
  const [cursor, setCursor] = useState({ x: 0.5, y: 0.3 });
  const [focused, setFocused] = useState(false);

  const place = (event: MouseEvent<HTMLDivElement>) => {
    if (!onPlace) return;
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return;
    onPlace(
      clamp((event.clientX - rect.left) / rect.width),
      clamp((event.clientY - rect.top) / rect.height),
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!onPlace || event.target !== event.currentTarget) return;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-KEY_STEP, 0],
      ArrowRight: [KEY_STEP, 0],
      ArrowUp: [0, -KEY_STEP],
      ArrowDown: [0, KEY_STEP],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setCursor((c) => ({ x: clamp(c.x + move[0]), y: clamp(c.y + move[1]) }));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onPlace(cursor.x, cursor.y);
    }
  };

  return (
    <Box
      sx={{
        position: 'relative',
        display: 'inline-block',
        lineHeight: 0,
        cursor: onPlace ? 'crosshair' : 'default',
        borderRadius: 1,
        outline: 'none',
        '&:focus-visible': { boxShadow: (theme) => `0 0 0 3px ${theme.palette.primary.main}` },
      }}
      onClick={onPlace ? place : undefined}
      onKeyDown={onPlace ? onKeyDown : undefined}
      onFocus={(e) => setFocused(e.target === e.currentTarget)}
      onBlur={() => setFocused(false)}
      tabIndex={onPlace ? 0 : undefined}
      role={onPlace ? 'group' : undefined}
      aria-label={onPlace ? placeLabel : undefined}
      data-testid={`body-diagram-${view}`}
    >
      <Box
        component="img"
        src={`/body/${view}.svg`}
        alt={alt}
        draggable={false}
        sx={{
          display: 'block',
          height: height ?? { xs: '60vh', sm: '70vh', lg: '80vh' },
          maxHeight: 720,
          minHeight: 320,
          width: 'auto',
          aspectRatio: '2 / 5',
          userSelect: 'none',
        }}
      />
      {dots.map((dot) => (
        <Box
          key={dot.id}
          data-testid="body-dot"
          component={dot.onActivate ? 'button' : 'span'}
          type={dot.onActivate ? 'button' : undefined}
          aria-label={dot.label}
          title={dot.label}
          role={dot.onActivate ? undefined : 'img'}
          onClick={(event: MouseEvent) => {
            event.stopPropagation();
            dot.onActivate?.();
          }}
          sx={{
            position: 'absolute',
            left: `${dot.x * 100}%`,
            top: `${dot.y * 100}%`,
            width: DOT_SIZE,
            height: DOT_SIZE,
            p: 0,
            transform: 'translate(-50%, -50%)',
            borderRadius: '50%',
            border: '2px solid #fff',
            bgcolor: dot.color,
            opacity: 0.9,
            boxShadow: '0 1px 3px rgba(0,0,0,0.4)',
            cursor: dot.onActivate ? 'pointer' : 'default',
            '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
          }}
        />
      ))}
      {onPlace && focused && (
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            left: `${cursor.x * 100}%`,
            top: `${cursor.y * 100}%`,
            width: DOT_SIZE + 8,
            height: DOT_SIZE + 8,
            transform: 'translate(-50%, -50%)',
            borderRadius: '50%',
            border: '2px dashed',
            borderColor: 'primary.main',
            pointerEvents: 'none',
          }}
        />
      )}
    </Box>
  );
}
