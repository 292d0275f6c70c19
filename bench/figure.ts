// One performance figure of issue 10's list: what it measured, against what, and whether it passed.
export interface FigureRow {
  figure: string;
  measured: number;
  baseline: number | null;
  /** measured / baseline, when there is a baseline. */
  ratio: number | null;
  unit: string;
  /** e.g. "ratio <= 1.3", "measured < 100". */
  target: string;
  /** null for a row without a target: it is shown, not judged. */
  pass: boolean | null;
  note?: string;
}

export interface Figure {
  id: string;
  /** `quick`: a small version that only proves the figure still runs (npm test). */
  run(options: { quick: boolean }): Promise<FigureRow[]>;
}

export function row(figure: string, unit: string, measured: number, baseline: number | null, target: { ratioAtMost?: number; measuredBelow?: number }, note?: string): FigureRow {
  const ratio = baseline === null || baseline === 0 ? null : measured / baseline;
  const judged = target.ratioAtMost !== undefined || target.measuredBelow !== undefined;
  const pass = !judged
    ? null
    : (target.ratioAtMost === undefined || (ratio !== null && ratio <= target.ratioAtMost)) &&
      (target.measuredBelow === undefined || measured < target.measuredBelow);
  const text = [target.ratioAtMost !== undefined ? `ratio <= ${target.ratioAtMost}` : null, target.measuredBelow !== undefined ? `measured < ${target.measuredBelow} ${unit}` : null]
    .filter(Boolean)
    .join(', ');
  return { figure, measured, baseline, ratio, unit, target: text, pass, ...(note ? { note } : {}) };
}
