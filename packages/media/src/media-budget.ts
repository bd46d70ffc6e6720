import { mediaError } from './coded-errors.js';

/** One paid media call in the ledger. */
export interface MediaSpendLine {
  engine: string;
  kind: 'image' | 'speech' | 'transcription';
  /** Images made, or seconds of audio. */
  units: number;
  costUsd: number;
}

/** Money held for a call in flight: committed when it succeeds, released when it fails. */
export interface MediaReservation {
  commit(units: number, costUsd?: number): void;
  release(): void;
}

/**
 * What media may spend in a run. Every paid call reserves its price first: a call the rest of the
 * budget cannot pay for is refused (`media.budget_exceeded`) before anything is sent, and
 * `stopSignal` fires — hand it to the run (`RunOptions.stopSignal`) so an agent regenerating in
 * a loop is stopped after the step in flight, with what it made so far.
 */
export interface MediaBudget {
  readonly limitUsd: number;
  readonly spentUsd: number;
  readonly remainingUsd: number;
  readonly lines: readonly MediaSpendLine[];
  /** Aborted once a call was refused for lack of budget. */
  readonly stopSignal: AbortSignal;
  reserve(costUsd: number, what: { engine: string; kind: MediaSpendLine['kind'] }): MediaReservation;
}

export function mediaBudget(options: { limitUsd: number; onCharge?: (line: MediaSpendLine, spentUsd: number) => void }): MediaBudget {
  const { limitUsd } = options;
  if (!(limitUsd >= 0)) throw mediaError('media.limit', { message: `a media budget needs limitUsd ≥ 0 (got ${limitUsd})` });
  const lines: MediaSpendLine[] = [];
  const stop = new AbortController();
  let spent = 0;
  let held = 0;
  // Cents are summed as integers of micro-dollars, so $0.04 × 3 is exactly $0.12.
  const micro = (usd: number): number => Math.round(usd * 1_000_000);
  return {
    limitUsd,
    get spentUsd() {
      return spent / 1_000_000;
    },
    get remainingUsd() {
      return Math.max(0, micro(limitUsd) - spent - held) / 1_000_000;
    },
    lines,
    stopSignal: stop.signal,
    reserve(costUsd, what) {
      const cost = micro(costUsd);
      if (spent + held + cost > micro(limitUsd)) {
        const error = mediaError('media.budget_exceeded', {
          message: `the media budget of $${limitUsd} cannot pay $${costUsd} for ${what.engine} (spent $${spent / 1_000_000}${held ? `, $${held / 1_000_000} held` : ''})`,
          hint: 'Use what was already made, or raise the media budget.',
          engine: what.engine,
        });
        stop.abort(error);
        throw error;
      }
      held += cost;
      let open = true;
      return {
        commit(units, actual = costUsd) {
          if (!open) return;
          open = false;
          held -= cost;
          spent += micro(actual);
          const line: MediaSpendLine = { engine: what.engine, kind: what.kind, units, costUsd: actual };
          lines.push(line);
          options.onCharge?.(line, spent / 1_000_000);
        },
        release() {
          if (!open) return;
          open = false;
          held -= cost;
        },
      };
    },
  };
}
