import { residualReportFormat } from '@portal/contract';

/** The residual report's format, folded under the file field of the import wizard. */
export function ReportFormatHelp() {
  return (
    <details className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
      <summary className="cursor-pointer font-medium text-brand-700">{residualReportFormat.title}</summary>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {residualReportFormat.points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-500">For example (semicolons):</p>
      <pre className="mt-1 overflow-x-auto rounded bg-white p-2 text-xs">{residualReportFormat.example}</pre>
    </details>
  );
}
