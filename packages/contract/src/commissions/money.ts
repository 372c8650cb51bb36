// Commissions: money.

/** The setting that names the currency of every amount (ISO 4217); USD when unset. */
export const currencySettingKey = 'Currency';
export const defaultCurrency = 'USD';

/** The largest amount a line or a plan may hold: $10,000,000,000.00 in cents (safe in a JS number). */
export const maxAmountCents = 1_000_000_000_000;
export const maxBps = 10_000;

/**
 * `numerator / denominator` rounded half up (half away from zero, so a negative line mirrors its
 * positive twin) to an integer. Exact for any safe integers: the division runs on BigInt.
 */
export function divideRoundHalfUp(numerator: number | bigint, denominator: number | bigint): number {
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  if (d === 0n) throw new RangeError('division by zero');
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  let q = an / ad;
  if ((an % ad) * 2n >= ad) q += 1n;
  return Number(negative ? -q : q);
}

/** A share of an amount in basis points, rounded half up to the cent: `cents × bps / 10,000`. */
export function shareOfCents(cents: number, bps: number): number {
  return divideRoundHalfUp(BigInt(cents) * BigInt(bps), 10_000n);
}

/** The sum of stored line amounts (never a recomputation). */
export function sumCents(amounts: readonly number[]): number {
  let total = 0;
  for (const amount of amounts) total += amount;
  return total;
}

/**
 * A processor report's money cell in cents, or null when it is not a number. Accepts `1234.5`,
 * `1,234.56`, `$1,234.56`, `-12.30`, `(12.30)` (negative), ` 12 `; more than two decimals are rounded
 * half up to the cent once. An empty cell is null too (the caller decides whether that is allowed).
 */
export function parseMoneyCents(raw: string): number | null {
  let text = raw.trim();
  if (!text) return null;
  let negative = false;
  if (text.startsWith('(') && text.endsWith(')')) {
    negative = true;
    text = text.slice(1, -1).trim();
  }
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1).trim();
  } else if (text.startsWith('+')) text = text.slice(1).trim();
  text = text.replace(/^[$€£]\s*/, '');
  if (/,/.test(text)) {
    if (!/^\d{1,3}(,\d{3})*(\.\d*)?$/.test(text)) return null;
    text = text.replace(/,/g, '');
  }
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (!match[1] && !match[2])) return null;
  const whole = match[1] || '0';
  const fraction = match[2] ?? '';
  // Fast path (most cells): at most two decimals and well inside the safe integer range.
  if (fraction.length <= 2 && whole.length <= 13) {
    const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
    if (cents > maxAmountCents) return null;
    return negative && cents !== 0 ? -cents : cents;
  }
  const scale = 10n ** BigInt(fraction.length);
  const units = BigInt(whole) * scale + BigInt(fraction || '0');
  const cents = divideRoundHalfUp(units * 100n, scale);
  if (cents > maxAmountCents) return null;
  return negative && cents !== 0 ? -cents : cents;
}

/** A count cell (transactions): a whole number, thousands separators allowed; null otherwise. */
export function parseCount(raw: string): number | null {
  const text = raw.trim().replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^\d{1,12}$/.test(text)) return null;
  return Number(text);
}

/** `12345` → `$123.45` (or the currency's own form); negatives as `-$123.45`. */
export function formatCents(cents: number, currency: string = defaultCurrency): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}

/** `2000` → `20%`, `1250` → `12.5%`. */
export function formatBps(bps: number): string {
  return `${Number((bps / 100).toFixed(2))}%`;
}

/** A money field typed in dollars (`123.45`) to cents, or null when it is not an amount. */
export function dollarsToCents(text: string): number | null {
  return parseMoneyCents(text);
}
