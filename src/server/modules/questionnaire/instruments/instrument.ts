/**
 * A scored questionnaire instrument inside the survey. Its items are ordinary multiple-choice
 * questions marked with `instrument_item = "<id>:<n>"`; each option carries its points.
 */
export interface Instrument {
  id: string;
  /** Item numbers that must all be answered for a score. */
  items: readonly number[];
  maxScore: number;
  /** The published cut-off: a score at or above it is a positive screen. */
  cutoff: number;
}

export interface InstrumentAnswer {
  /** The question's instrument_item, e.g. "tmd-pain-screener:3". */
  instrumentItem: string;
  /** Points of the chosen option; null when the chosen option has none. */
  score: number | null;
}

export interface InstrumentScore {
  instrument: string;
  score: number;
  maxScore: number;
  cutoff: number;
  positive: boolean;
}

export function parseInstrumentItem(value: string): { id: string; item: number } | null {
  const match = /^([a-z0-9-]+):(\d+)$/.exec(value);
  return match ? { id: match[1]!, item: Number(match[2]) } : null;
}

/** The raw sum, or null when any item is unanswered: a partial score would mislead. */
export function scoreInstrument(
  instrument: Instrument,
  answers: readonly InstrumentAnswer[],
): InstrumentScore | null {
  const points = new Map<number, number>();
  for (const answer of answers) {
    const parsed = parseInstrumentItem(answer.instrumentItem);
    if (parsed?.id === instrument.id && answer.score !== null)
      points.set(parsed.item, answer.score);
  }
  if (!instrument.items.every((item) => points.has(item))) return null;
  const score = instrument.items.reduce((sum, item) => sum + points.get(item)!, 0);
  return {
    instrument: instrument.id,
    score,
    maxScore: instrument.maxScore,
    cutoff: instrument.cutoff,
    positive: score >= instrument.cutoff,
  };
}
