import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import path from 'node:path';
import { BudgetAlertError } from './budget-alert-error.js';
import { budgetAlertError } from '../coded-errors.js';

/** Spend per budget key and the crossings already raised: what must survive a restart. */
export interface AlertState {
  spent: Map<string, number>;
  fired: Set<string>;
}

/** Entries kept at most; the oldest keys (insertion order) go first, so the file stays small. */
const MAX_ENTRIES = 10_000;

/**
 * Budget-alert state in one JSON file, so a restarted process neither raises a crossing twice
 * nor forgets a day's spend. Loaded once, synchronously; written whole through a temporary file
 * and a rename. A write that records a new crossing is fsynced before its webhooks are sent
 * ("raised once" must hold across a crash); spend-only writes are not.
 */
export function alertStateFile(file: string): { state: AlertState; save(durable: boolean): void } {
  const state = load(file);
  return {
    state,
    save(durable) {
      prune(state);
      const body = JSON.stringify({ v: 1, spent: Object.fromEntries(state.spent), fired: [...state.fired] });
      mkdirSync(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      const fd = openSync(temp, 'w', 0o600);
      try {
        writeSync(fd, body);
        if (durable) fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(temp, file);
    },
  };
}

function load(file: string): AlertState {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { spent: new Map(), fired: new Set() };
    throw invalid(file, `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`, error);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw invalid(file, 'is not JSON', error);
  }
  const value = parsed as { v?: unknown; spent?: unknown; fired?: unknown };
  const spent = value.spent;
  if (value.v !== 1 || typeof spent !== 'object' || spent === null || Array.isArray(spent) || !Array.isArray(value.fired)) throw invalid(file, 'is not a budget-alert state file (version 1)');
  const entries = Object.entries(spent as Record<string, unknown>);
  if (entries.some(([, usd]) => typeof usd !== 'number' || !Number.isFinite(usd) || usd < 0) || value.fired.some((f) => typeof f !== 'string')) throw invalid(file, 'holds a value that is not a spend or a crossing');
  return { spent: new Map(entries as Array<[string, number]>), fired: new Set(value.fired as string[]) };
}

function prune(state: AlertState): void {
  for (const key of state.spent.keys()) {
    if (state.spent.size <= MAX_ENTRIES) break;
    state.spent.delete(key);
  }
  for (const key of state.fired) {
    if (state.fired.size <= MAX_ENTRIES) break;
    state.fired.delete(key);
  }
}

function invalid(file: string, what: string, cause?: unknown): BudgetAlertError {
  return budgetAlertError({ code: 'budget_alerts.invalid_state', message: `the budget-alert state file ${file} ${what}`, hint: 'Move it aside to start counting afresh, or point stateFile elsewhere.', ...(cause ? { cause } : {}) });
}
