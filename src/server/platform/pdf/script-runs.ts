import { readFileSync } from 'node:fs';
import type PDFDocument from 'pdfkit';
import { FALLBACK_FONTS, type FallbackScript } from './fonts';

type Doc = InstanceType<typeof PDFDocument>;
type TextOptions = PDFKit.Mixins.TextOptions;

const SCRIPTS: [FallbackScript, RegExp][] = [
  ['arabic', /\p{Script=Arabic}/u],
  ['hebrew', /\p{Script=Hebrew}/u],
  [
    'han',
    /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\u3000-\u303f\uff00-\uffef]/u,
  ],
  ['hangul', /\p{Script=Hangul}/u],
  ['emoji', /\p{Extended_Pictographic}/u],
];
/** Joiners and variation selectors of emoji sequences: no font here draws them, so none prints. */
const INVISIBLE = /\u200d|\ufe0e|\ufe0f/gu;

export interface Run {
  /** undefined: the document's own font (Latin, Greek, Cyrillic, digits, punctuation). */
  script: FallbackScript | undefined;
  text: string;
}

function scriptOf(char: string): FallbackScript | undefined {
  return SCRIPTS.find(([, pattern]) => pattern.test(char))?.[0];
}

const RIGHT_TO_LEFT = new Set<FallbackScript | undefined>(['arabic', 'hebrew']);
const isSpace = (run: Run) => run.script === undefined && /^\s+$/u.test(run.text);

/**
 * Text cut into runs of one font each, in the order they are drawn left to right. White space
 * is drawn in the document's font (not every fallback font has a space). A right-to-left phrase
 * (Arabic or Hebrew words and the spaces between them) is drawn word by word from its last word
 * to its first; fontkit shapes each word and draws its letters right to left itself.
 */
export function scriptRuns(text: string): Run[] {
  const runs: Run[] = [];
  for (const char of text.replace(INVISIBLE, '')) {
    const last = runs.at(-1);
    const script = /\s/u.test(char) ? undefined : scriptOf(char);
    const joins = last && last.script === script && /\s/u.test(char) === isSpace(last);
    if (joins) last.text += char;
    else runs.push({ script, text: char });
  }
  const ordered: Run[] = [];
  for (let start = 0; start < runs.length;) {
    if (!RIGHT_TO_LEFT.has(runs[start]!.script) || runs[start]!.script === undefined) {
      ordered.push(runs[start]!);
      start += 1;
      continue;
    }
    let end = start;
    while (
      end + 2 < runs.length &&
      isSpace(runs[end + 1]!) &&
      RIGHT_TO_LEFT.has(runs[end + 2]!.script) &&
      runs[end + 2]!.script !== undefined
    ) {
      end += 2;
    }
    ordered.push(...runs.slice(start, end + 1).reverse());
    start = end + 1;
  }
  const merged: Run[] = [];
  for (const run of ordered) {
    const last = merged.at(-1);
    if (last && last.script === run.script) last.text += run.text;
    else merged.push({ ...run });
  }
  // PDFKit ends the line at a fragment of nothing but spaces; a no-break space it draws.
  for (const run of merged) if (isSpace(run)) run.text = run.text.replace(/\s/gu, '\u00a0');
  return merged;
}

/** Read once per process: the CJK fonts are megabytes, and every document would read them. */
const fontBytes = new Map<FallbackScript, Buffer>();
const bytesOf = (script: FallbackScript) => {
  let bytes = fontBytes.get(script);
  if (!bytes) {
    bytes = readFileSync(FALLBACK_FONTS[script]);
    fontBytes.set(script, bytes);
  }
  return bytes;
};

const registered = new WeakSet<Doc>();
const fontName = (script: FallbackScript) => `Fallback-${script}`;

/**
 * Writes text the patient typed (names, addresses, answers) with a fallback font for each run
 * its own font lacks, then returns to `font`. With one run it is exactly `doc.text`.
 */
export function printText(
  doc: Doc,
  text: string,
  font: string,
  options: TextOptions & { x?: number; y?: number } = {},
): Doc {
  const { x, y, ...textOptions } = options;
  const runs = scriptRuns(text);
  if (!registered.has(doc)) {
    for (const script of Object.keys(FALLBACK_FONTS) as FallbackScript[]) {
      // Registered lazily: PDFKit parses and embeds a font only when a run uses it.
      doc.registerFont(fontName(script), bytesOf(script));
    }
    registered.add(doc);
  }
  // PDFKit reads a missing x as "no position given" only when x is left out altogether.
  const at = (text: string, opts: TextOptions) =>
    x === undefined && y === undefined ? doc.text(text, opts) : doc.text(text, x, y, opts);
  if (runs.length === 0) return at('', textOptions).font(font);
  runs.forEach((run, index) => {
    doc.font(run.script ? fontName(run.script) : font);
    const continued = index < runs.length - 1 || Boolean(textOptions.continued);
    if (index === 0) at(run.text, { ...textOptions, continued });
    else doc.text(run.text, { ...textOptions, continued });
  });
  return doc.font(font);
}
