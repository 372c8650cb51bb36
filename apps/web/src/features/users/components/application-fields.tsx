import { useId } from 'react';
import { answerField, type ApplicationQuestion } from '@portal/contract';
import { TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select';
import { cn } from '@/components/ui/cn';

const labelOf = (q: ApplicationQuestion) => (q.required ? q.label : `${q.label} (optional)`);

function YesNoField({
  question,
  value,
  error,
  onChange,
}: {
  question: ApplicationQuestion;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <fieldset
      className="space-y-1.5"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="block text-sm font-medium text-slate-700">{labelOf(question)}</legend>
      <div className="flex gap-3">
        {(['yes', 'no'] as const).map((option) => (
          <label
            key={option}
            className={cn(
              'inline-flex min-h-11 min-w-24 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm text-slate-800',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
              value === option ? 'border-brand-600 bg-brand-50' : error ? 'border-red-400' : 'border-slate-300',
            )}
          >
            <input
              type="radio"
              name={`${id}-answer`}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="size-4 text-brand-600"
            />
            {option === 'yes' ? 'Yes' : 'No'}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The admins' application questions on the register form (approval mode, issue 23 §5): text, a
 * choice, or yes/no, each with its field message; the answers go with the sign-up, by question id.
 */
export function ApplicationFields({
  questions,
  answers,
  errors,
  onChange,
}: {
  questions: ApplicationQuestion[];
  answers: Record<string, string>;
  errors: Record<string, string>;
  onChange: (id: number, value: string) => void;
}) {
  if (questions.length === 0) return null;
  return (
    <div className="space-y-5 border-t border-slate-200 pt-5">
      <p className="text-sm text-slate-600">A few questions for the team that reviews your application.</p>
      {questions.map((q) => {
        const value = answers[String(q.id)] ?? '';
        const error = errors[answerField(q.id)];
        const change = (next: string) => onChange(q.id, next);
        if (q.kind === 'yes_no') return <YesNoField key={q.id} question={q} value={value} error={error} onChange={change} />;
        if (q.kind === 'choice')
          return (
            <SelectField
              key={q.id}
              label={labelOf(q)}
              placeholder="Choose…"
              options={q.options.map((option) => ({ value: option, label: option }))}
              value={value}
              error={error}
              data-answer={q.id}
              onChange={(event) => change(event.target.value)}
            />
          );
        return (
          <TextField
            key={q.id}
            label={labelOf(q)}
            value={value}
            error={error}
            data-answer={q.id}
            onChange={(event) => change(event.target.value)}
          />
        );
      })}
    </div>
  );
}
