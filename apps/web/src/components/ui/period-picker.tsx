import { useSearchParams } from 'react-router';
import { periodLabels, periods, type Period } from '@portal/contract';
import { Select } from './select';

const defaultPeriod: Period = '30d';
const isPeriod = (value: string | null): value is Period => periods.includes(value as Period);

/** The period in the URL (`?period=`), the default when absent or unknown. */
export function usePeriod(): [Period, (period: Period) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('period');
  const period = isPeriod(raw) ? raw : defaultPeriod;
  const setPeriod = (next: Period) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === defaultPeriod) copy.delete('period');
        else copy.set('period', next);
        return copy;
      },
      { replace: true },
    );
  return [period, setPeriod];
}

const options = periods.map((value) => ({ value, label: periodLabels[value] }));

/** Picks one of the dashboard periods; the choice lives in the URL so a shared link keeps it. */
export function PeriodPicker({ className }: { className?: string }) {
  const [period, setPeriod] = usePeriod();
  return (
    <Select
      aria-label="Period"
      options={options}
      value={period}
      onChange={(event) => setPeriod(event.target.value as Period)}
      className={className}
    />
  );
}
