import type { SymptomFrequency, SymptomIntensity, SymptomTrigger } from '../../shared/constants';
import type { SymptomName } from '../../shared/symptoms';
import type { SymptomEntry } from './shared';

/** What the stepper holds of the complaint being entered; '' is a step not chosen yet. */
export interface Selection {
  name: SymptomName | '';
  frequency: SymptomFrequency | '';
  trigger: SymptomTrigger | '';
  intensity: SymptomIntensity | '';
}
export const EMPTY_SELECTION: Selection = { name: '', frequency: '', trigger: '', intensity: '' };

/** The selection as a list entry once every step is chosen, else null. */
export function entryOf(selection: Selection, id: string): SymptomEntry | null {
  const { name, frequency, trigger, intensity } = selection;
  return name && frequency && trigger && intensity
    ? { id, name, frequency, trigger, intensity }
    : null;
}

/**
 * Whether the stepper holds something the list does not: a new complaint with any step chosen,
 * or an edited one that differs from its entry. Leaving the question would lose it, so the
 * survey waits until it is finished or discarded.
 */
export function isStarted(selection: Selection, editing: SymptomEntry | undefined): boolean {
  if (!editing) return Object.values(selection).some(Boolean);
  return (
    selection.name !== editing.name ||
    selection.frequency !== editing.frequency ||
    selection.trigger !== editing.trigger ||
    selection.intensity !== editing.intensity
  );
}
