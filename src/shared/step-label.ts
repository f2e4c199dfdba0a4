import { STEP_LABEL_MAX_LENGTH } from './constants';

/** A question's short label: its text cut at 60 characters plus an ellipsis (SPEC section 9). */
export function stepLabel(text: string, max = STEP_LABEL_MAX_LENGTH): string {
  const trimmed = text.trim();
  return trimmed.length > max ? `${trimmed.slice(0, max).trimEnd()}…` : trimmed;
}
