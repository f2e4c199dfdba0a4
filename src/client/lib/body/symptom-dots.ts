import type { PainPoint, SymptomEntry } from '../../../shared/contracts/survey';
import {
  SYMPTOM_POSITIONS,
  SYMPTOM_STACK_OFFSET,
  symptomColor,
  type BodyView,
} from '../../../shared/symptoms';

/** Colours of SPEC section 3: leicht green, mittel amber, anything else red. */
export const DOT_COLORS = { green: '#2e7d32', amber: '#f9a825', red: '#d32f2f' } as const;

export const PAIN_POINT_COLORS: Record<PainPoint['intensity'], string> = {
  light: DOT_COLORS.green,
  medium: DOT_COLORS.amber,
  strong: DOT_COLORS.red,
};

export interface PlacedSymptom {
  symptom: SymptomEntry;
  view: BodyView;
  x: number;
  y: number;
  color: string;
}

/**
 * Where each complaint is drawn: its fixed spot, moved sideways by 2% of the width for every
 * earlier complaint on the same spot (SPEC section 9). Complaints without a spot are left out.
 */
export function placeSymptoms(symptoms: readonly SymptomEntry[]): PlacedSymptom[] {
  const used = new Map<string, number>();
  const placed: PlacedSymptom[] = [];
  for (const symptom of symptoms) {
    const position = SYMPTOM_POSITIONS[symptom.name];
    if (!position) continue;
    const spot = `${position.view}:${position.x}:${position.y}`;
    const index = used.get(spot) ?? 0;
    used.set(spot, index + 1);
    placed.push({
      symptom,
      view: position.view,
      x: Math.min(1, position.x + index * SYMPTOM_STACK_OFFSET),
      y: position.y,
      color: DOT_COLORS[symptomColor(symptom.intensity)],
    });
  }
  return placed;
}
