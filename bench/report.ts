/** One measured figure with the goal it is held against. */
export interface Figure {
  section: string;
  name: string;
  value: number | null;
  unit: string;
  /** e.g. "<= 200", ">= 0.5"; empty for figures without a goal. */
  goal?: string;
  /** Why the value is missing, or a short remark. */
  note?: string;
}

export function meetsGoal(figure: Figure): boolean | null {
  if (!figure.goal || figure.value === null) return null;
  const match = /^(<=|>=|<|>)\s*([\d.]+)$/.exec(figure.goal.trim());
  if (!match) return null;
  const target = Number(match[2]);
  switch (match[1]) {
    case '<=':
      return figure.value <= target;
    case '>=':
      return figure.value >= target;
    case '<':
      return figure.value < target;
    default:
      return figure.value > target;
  }
}

export function formatTable(figures: Figure[]): string {
  const rows = figures.map((f) => {
    const ok = meetsGoal(f);
    return [
      f.section,
      f.name,
      f.value === null
        ? 'n/a'
        : `${Number.isInteger(f.value) ? f.value : f.value.toFixed(2)} ${f.unit}`,
      f.goal ? `${f.goal} ${f.unit}` : '',
      ok === null ? '' : ok ? 'PASS' : 'MISS',
      f.note ?? '',
    ];
  });
  const header = ['section', 'figure', 'value', 'goal', '', 'note'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
