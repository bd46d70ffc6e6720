/** An exact decimal amount: an integer scaled by 10^scale (no float rounding). */
export interface DecimalAmount {
  units: bigint;
  scale: number;
}

const DECIMAL = /^(-?)(\d{1,60})(?:\.(\d{1,30}))?$/;

/** Parses an integer or a decimal string ("10", "10.50", "-3"); anything else gives undefined. */
export function parseAmount(value: unknown): DecimalAmount | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? { units: BigInt(value), scale: 0 } : undefined;
  if (typeof value !== 'string') return undefined;
  const match = DECIMAL.exec(value.trim());
  if (match === null) return undefined;
  const fraction = match[3] ?? '';
  const units = BigInt(`${match[2]}${fraction}`);
  return { units: match[1] === '-' ? -units : units, scale: fraction.length };
}

function rescale(amount: DecimalAmount, scale: number): bigint {
  return amount.units * 10n ** BigInt(scale - amount.scale);
}

export function compareAmounts(a: DecimalAmount, b: DecimalAmount): number {
  const scale = Math.max(a.scale, b.scale);
  const diff = rescale(a, scale) - rescale(b, scale);
  return diff === 0n ? 0 : diff < 0n ? -1 : 1;
}

export function addAmounts(a: DecimalAmount, b: DecimalAmount): DecimalAmount {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale) + rescale(b, scale), scale };
}

export const ZERO: DecimalAmount = { units: 0n, scale: 0 };
