import type { Column } from '../ui/table';

/** Amounts and counts line up on the right from the small screen up. */
export const amountClass = 'tabular-nums sm:text-right';

const weights = { medium: 'font-medium text-slate-900', semibold: 'font-semibold text-slate-900' };

type Money<T> = (cents: number, row: T) => string;

/** A right-aligned column of amounts; `weight` sets the row's headline figure (a total, a residual) apart. */
export function moneyColumn<T>(
  key: string,
  header: string,
  cents: (row: T) => number,
  money: Money<T>,
  weight?: 'medium' | 'semibold',
): Column<T> {
  const cell = weight
    ? (row: T) => <span className={weights[weight]}>{money(cents(row), row)}</span>
    : (row: T) => money(cents(row), row);
  return { key, header, className: amountClass, cell };
}

interface StatementSums {
  volume_cents: number;
  residual_cents: number;
  bonus_cents: number;
  adjustment_cents: number;
  total_cents: number;
}

/** The sums of a statement, or of a month's statements: volume, residual, bonuses, adjustments and the total. */
export function statementSumColumns<T extends StatementSums>(money: Money<T>, adjustmentsHeader = 'Adjust.'): Column<T>[] {
  return [
    moneyColumn('volume', 'Volume', (row) => row.volume_cents, money),
    moneyColumn('residual', 'Residual', (row) => row.residual_cents, money),
    moneyColumn('bonus', 'Bonuses', (row) => row.bonus_cents, money),
    moneyColumn('adjustments', adjustmentsHeader, (row) => row.adjustment_cents, money),
    moneyColumn('total', 'Total', (row) => row.total_cents, money, 'semibold'),
  ];
}
