import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import {
  commissionMessages,
  importColumnLabels,
  importColumns,
  requiredImportColumns,
  type ColumnMapping,
  type ImportColumn,
  type ImportResult,
} from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Button, SubmitRow } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select';
import { getServerMessage, tryOrToast } from '@/lib/api/errors';
import { useCommitImport } from '../api/commit-import';
import { useImports } from '../api/get-imports';
import { getSavedMapping } from '../api/get-saved-mapping';
import { useRunImport } from '../api/run-import';
import { guessMapping, readCsvHeader } from './csv-header';
import { DryRunReview } from './dry-run-review';
import { ReportFormatHelp } from './report-format-help';
import { getFieldErrors } from './server-errors';

type Step = 'upload' | 'map' | 'review';
const steps: { value: Step; label: string }[] = [
  { value: 'upload', label: 'File' },
  { value: 'map', label: 'Columns' },
  { value: 'review', label: 'Dry run' },
];

interface UploadState {
  file: File;
  month: string;
  processor: string;
  headers: string[];
  /** True when the mapping came from the processor's last upload. */
  isSavedMapping: boolean;
}

/**
 * Upload a processor's residual report: file, month and processor; map its columns (remembered per
 * processor); a dry run that writes nothing; assign or ignore unknown MIDs; then commit.
 */
export function ImportWizard({
  defaultMonth,
  currency,
  onCommitted,
}: {
  defaultMonth: string;
  currency: string;
  onCommitted: (month: string) => void;
}) {
  const [step, setStep] = useState<Step>('upload');
  const [upload, setUpload] = useState<UploadState | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [result, setResult] = useState<ImportResult | null>(null);
  const run = useRunImport();
  const commit = useCommitImport();

  const dryRun = async (next: ColumnMapping = mapping, source: UploadState | null = upload) => {
    if (!source) return;
    try {
      const answer = await run.mutateAsync({
        file: source.file,
        month: source.month,
        processor: source.processor,
        mapping: next,
        dryRun: true,
      });
      setResult(answer);
      setStep('review');
    } catch (error) {
      // On the columns step the message stays on screen (a bad file names its row and column).
      if (step !== 'map') toast.error(getServerMessage(error) ?? 'The dry run failed. Please try again.');
    }
  };

  const onCommit = async () => {
    if (!result) return;
    await tryOrToast(async () => {
      const committed = await commit.mutateAsync(result.import_id);
      toast.success(commissionMessages.importCommitted(committed.lines_written));
      const month = committed.month;
      setStep('upload');
      setUpload(null);
      setResult(null);
      onCommitted(month);
    }, 'The import could not be committed.');
  };

  return (
    <Card className="p-4 sm:p-6">
      <ol className="mb-6 flex gap-2 text-sm" aria-label="Import steps">
        {steps.map((item, index) => {
          const isCurrent = item.value === step;
          const isDone = steps.findIndex((s) => s.value === step) > index;
          return (
            <li key={item.value} aria-current={isCurrent ? 'step' : undefined} className="flex min-w-0 flex-1 items-center gap-2">
              <span
                className={cn(
                  'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                  isCurrent ? 'bg-brand-600 text-white' : isDone ? 'bg-brand-100 text-brand-800' : 'bg-slate-100 text-slate-500',
                )}
              >
                {index + 1}
              </span>
              <span className={cn('truncate', isCurrent ? 'font-medium text-slate-900' : 'text-slate-500')}>{item.label}</span>
            </li>
          );
        })}
      </ol>

      {step === 'upload' && (
        <UploadStep
          defaultMonth={upload?.month ?? defaultMonth}
          defaultProcessor={upload?.processor ?? ''}
          onNext={(next, initialMapping) => {
            setUpload(next);
            setMapping(initialMapping);
            setStep('map');
          }}
        />
      )}
      {step === 'map' && upload && (
        <MapStep
          upload={upload}
          mapping={mapping}
          onChange={setMapping}
          onBack={() => setStep('upload')}
          isRunning={run.isPending}
          serverErrors={getFieldErrors(run.error)}
          serverMessage={run.isError ? (getServerMessage(run.error) ?? 'The dry run failed. Please try again.') : undefined}
          onRun={() => void dryRun()}
        />
      )}
      {step === 'review' && upload && result && (
        <DryRunReview
          result={result}
          currency={currency}
          isRefreshing={run.isPending}
          isCommitting={commit.isPending}
          onBack={() => setStep('map')}
          onRefresh={() => void dryRun()}
          onCommit={() => void onCommit()}
        />
      )}
    </Card>
  );
}

function UploadStep({
  defaultMonth,
  defaultProcessor,
  onNext,
}: {
  defaultMonth: string;
  defaultProcessor: string;
  onNext: (upload: UploadState, mapping: ColumnMapping) => void;
}) {
  const fileId = useId();
  const listId = useId();
  const imports = useImports();
  const processors = [...new Set((imports.data ?? []).map((item) => item.processor))];
  const [file, setFile] = useState<File | null>(null);
  const [month, setMonth] = useState(defaultMonth);
  const [processor, setProcessor] = useState(defaultProcessor);
  const [errors, setErrors] = useState<{ file?: string; month?: string; processor?: string }>({});
  const [isReading, setIsReading] = useState(false);

  const next = async () => {
    const found: typeof errors = {};
    if (!file) found.file = commissionMessages.fileRequired;
    else if (!/\.csv$/i.test(file.name) && !/csv|text/.test(file.type)) found.file = commissionMessages.notCsv;
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) found.month = 'Month is required';
    if (!processor.trim()) found.processor = commissionMessages.processorRequired;
    setErrors(found);
    if (!file || Object.keys(found).length > 0) return;
    setIsReading(true);
    try {
      const headers = await readCsvHeader(file);
      if (headers.length < 2) {
        setErrors({ file: commissionMessages.notCsv });
        return;
      }
      const saved = await getSavedMapping(processor.trim()).catch(() => null);
      // A saved mapping whose headers are all in this file is used as is; otherwise guess from the names.
      const usable = saved && Object.values(saved).every((header) => !header || headers.includes(header));
      onNext(
        { file, month, processor: processor.trim(), headers, isSavedMapping: Boolean(usable) },
        usable && saved ? saved : guessMapping(headers),
      );
    } finally {
      setIsReading(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void next();
      }}
      className="space-y-4"
    >
      <div className="space-y-1.5">
        <label htmlFor={fileId} className="block text-sm font-medium text-slate-700">
          Residual report (CSV)
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={errors.file ? `${fileId}-error` : `${fileId}-hint`}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700 hover:file:bg-brand-100"
        />
        {errors.file ? (
          <p id={`${fileId}-error`} className="text-sm text-red-600">
            {errors.file}
          </p>
        ) : (
          <p id={`${fileId}-hint`} className="text-xs text-slate-500">
            The processor&rsquo;s monthly residual export: one row per merchant ID. Up to 20 MB.
          </p>
        )}
        <ReportFormatHelp />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Report month"
          type="month"
          value={month}
          onChange={(event) => setMonth(event.target.value)}
          error={errors.month}
        />
        <TextField
          label="Processor"
          list={listId}
          value={processor}
          maxLength={60}
          placeholder="e.g. Qualpay"
          hint="Its column mapping is remembered for the next upload"
          onChange={(event) => setProcessor(event.target.value)}
          error={errors.processor}
        />
        <datalist id={listId}>
          {processors.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </div>
      <SubmitRow isPending={isReading}>Next: map columns</SubmitRow>
    </form>
  );
}

function MapStep({
  upload,
  mapping,
  onChange,
  onBack,
  onRun,
  isRunning,
  serverErrors,
  serverMessage,
}: {
  upload: UploadState;
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
  onBack: () => void;
  onRun: () => void;
  isRunning: boolean;
  serverErrors: Record<string, string>;
  serverMessage?: string;
}) {
  const [missing, setMissing] = useState<Partial<Record<ImportColumn, string>>>({});
  const options = upload.headers.map((header) => ({ value: header, label: header }));
  const run = () => {
    const found: Partial<Record<ImportColumn, string>> = {};
    for (const column of requiredImportColumns) {
      if (!mapping[column]) found[column] = commissionMessages.mappingColumnRequired(importColumnLabels[column]);
    }
    setMissing(found);
    if (Object.keys(found).length === 0) onRun();
  };
  return (
    <div className="space-y-4">
      <div className="text-sm text-slate-600">
        <p>
          <span className="font-medium text-slate-900">{upload.file.name}</span> · {upload.processor} · {upload.month}
        </p>
        <p className="mt-1">
          {upload.isSavedMapping
            ? `The mapping saved for ${upload.processor} is filled in.`
            : 'Choose the column of the file that holds each figure. The mapping is saved for this processor.'}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {importColumns.map((column) => {
          const isRequired = requiredImportColumns.includes(column);
          return (
            <SelectField
              key={column}
              label={`${importColumnLabels[column]}${isRequired ? '' : ' (optional)'}`}
              options={options}
              placeholder={isRequired ? 'Choose a column…' : 'Not in this file'}
              value={mapping[column] ?? ''}
              error={missing[column] ?? serverErrors[column] ?? serverErrors[`mapping.${column}`]}
              onChange={(event) => onChange({ ...mapping, [column]: event.target.value || null })}
            />
          );
        })}
      </div>
      {serverMessage && !isRunning ? (
        <Alert tone="error" title="The file cannot be imported">
          {serverMessage}
        </Alert>
      ) : (
        <Alert tone="info">A dry run reads the whole file and shows what it would do. Nothing is saved until you commit.</Alert>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button onClick={run} isLoading={isRunning}>
          Run dry run
        </Button>
      </div>
    </div>
  );
}
