import {
  SYMPTOM_POSITIONS,
  SYMPTOM_STACK_OFFSET,
  symptomColor,
  type BodyView,
  type SymptomName,
} from '../../../shared/symptoms';
import type { DiagramDot } from './BodyDiagram';

/** Colours of the symptom intensities (leicht green, mittel amber, anything else red). */
export const SYMPTOM_DOT_COLORS = { green: '#2e7d32', amber: '#f59e0b', red: '#d32f2f' } as const;

/** Colours of the pain-point intensities of the pain atlas. */
export const PAIN_POINT_COLORS = {
  light: '#fbc02d',
  medium: '#f57c00',
  strong: '#c62828',
} as const;

export interface SymptomLike {
  id: string;
  name: string;
  intensity: string;
}

/**
 * Dots for the symptoms that have a place on the given view. Symptoms sharing a spot are
 * spread sideways by 2 % of the image width per index (SPEC section 9).
 */
export function symptomDots(
  symptoms: readonly SymptomLike[],
  view: BodyView,
  label: (symptom: SymptomLike) => string,
): DiagramDot[] {
  const seen = new Map<string, number>();
  const dots: DiagramDot[] = [];
  for (const symptom of symptoms) {
    const position = SYMPTOM_POSITIONS[symptom.name as SymptomName];
    if (!position || position.view !== view) continue;
    const spot = `${position.x},${position.y}`;
    const index = seen.get(spot) ?? 0;
    seen.set(spot, index + 1);
    dots.push({
      id: symptom.id,
      x: Math.min(1, position.x + index * SYMPTOM_STACK_OFFSET),
      y: position.y,
      color: SYMPTOM_DOT_COLORS[symptomColor(symptom.intensity)],
      label: label(symptom),
    });
  }
  return dots;
}
