import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { residualReportFormat } from '@portal/contract';
import { readCsvHeader } from './csv-header';
import { ReportFormatHelp } from './report-format-help';

describe('ReportFormatHelp', () => {
  afterEach(cleanup);

  it('opens to the report format: file, separators, columns, amounts', async () => {
    render(<ReportFormatHelp />);
    await userEvent.click(screen.getByText('What the report needs'));
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(residualReportFormat.points);
    expect(items.join(' ')).toMatch(/commas, semicolons or tabs/);
    expect(items.join(' ')).toMatch(/Merchant ID \(MID\), Volume, Net revenue \(required\)/);
  });

  it('shows an example the wizard reads in columns', async () => {
    render(<ReportFormatHelp />);
    expect(screen.getByText(/^Merchant ID;DBA Name/)).toBeTruthy();
    const file = new File([residualReportFormat.example], 'example.csv', { type: 'text/csv' });
    expect(await readCsvHeader(file)).toEqual(['Merchant ID', 'DBA Name', '# Sales', '$ Sales', 'Net Revenue']);
  });
});
