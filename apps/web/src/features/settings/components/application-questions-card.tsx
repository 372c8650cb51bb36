import { useState } from 'react';
import toast from 'react-hot-toast';
import {
  applicationLimits,
  applicationMessages,
  applicationQuestionKindLabels,
  applicationQuestionKinds,
  type ApplicationQuestion,
  type ApplicationQuestionKind,
} from '@portal/contract';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, TrashIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextAreaField, TextField } from '@/components/ui/field';
import { QueryState } from '@/components/ui/query-state';
import { SelectField } from '@/components/ui/select';
import { CheckboxField } from '@/components/ui/switch';
import { getServerFieldErrors, getServerMessage } from '@/lib/api/errors';
import { useAdminQuestions, useSaveQuestions } from '../api/application-questions';

interface Draft {
  key: number;
  label: string;
  kind: ApplicationQuestionKind;
  /** One option per line. */
  options: string;
  required: boolean;
}

let nextKey = 0;
const toDraft = (q: Pick<ApplicationQuestion, 'label' | 'kind' | 'options' | 'required'>): Draft => ({
  key: nextKey++,
  label: q.label,
  kind: q.kind,
  options: q.options.join('\n'),
  required: q.required,
});
const optionsOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** What a first-time admin starts from: the four questions the program usually asks. */
const suggested: Draft[] = [
  { label: 'Company', kind: 'text', options: [], required: true },
  { label: 'Website', kind: 'text', options: [], required: false },
  { label: 'How will you refer merchants?', kind: 'choice', options: ['In person', 'Online', 'Both'], required: true },
  { label: 'Expected referrals a month', kind: 'choice', options: ['1–5', '6–20', 'More than 20'], required: false },
].map((q) => toDraft(q as ApplicationQuestion));

/**
 * The questions sign-up asks in approval mode (issue 23 §5): an editor of rows (question, type,
 * options of a choice, required), reordered with buttons, saved as one list.
 */
export function ApplicationQuestionsCard() {
  const questions = useAdminQuestions();
  return (
    <Card className="mb-8 p-5 sm:p-6">
      <h2 className="text-base font-semibold text-slate-900">Application questions</h2>
      <p className="mt-1 text-sm text-slate-600">
        Asked on the sign-up page when Registration Mode is approval. You read the answers on the applicant’s page before you
        approve or reject.
      </p>
      {/* Saving gives the questions new ids: the editor starts again from what was stored. */}
      <QueryState query={questions} errorTitle="The application questions could not be loaded">
        {(data) => <QuestionsEditor key={data.map((q) => q.id).join(',')} saved={data} />}
      </QueryState>
    </Card>
  );
}

function QuestionsEditor({ saved }: { saved: ApplicationQuestion[] }) {
  const save = useSaveQuestions();
  const [drafts, setDrafts] = useState<Draft[]>(() => saved.map(toDraft));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const change = (key: number, patch: Partial<Draft>) =>
    setDrafts((list) => list.map((d) => (d.key === key ? { ...d, ...patch } : d)));
  const move = (index: number, by: -1 | 1) =>
    setDrafts((list) => {
      const next = [...list];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });

  const submit = async () => {
    setErrors({});
    setFormError(null);
    try {
      await save.mutateAsync({
        questions: drafts.map((d) => ({
          label: d.label,
          kind: d.kind,
          options: d.kind === 'choice' ? optionsOf(d.options) : [],
          required: d.required,
        })),
      });
      toast.success(applicationMessages.saved);
    } catch (error) {
      const fields = getServerFieldErrors(error);
      setErrors(fields);
      setFormError(
        Object.keys(fields).length
          ? 'Please check the questions marked below.'
          : (getServerMessage(error) ?? 'The questions could not be saved.'),
      );
    }
  };

  return (
    <div className="mt-4 space-y-4">
      {formError && <Alert tone="error">{formError}</Alert>}
      {drafts.length === 0 && (
        <div className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          <p>No questions yet: applicants give only their name and email.</p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-3"
            onClick={() => setDrafts(suggested.map((d) => ({ ...d, key: nextKey++ })))}
          >
            Start from the usual four
          </Button>
        </div>
      )}
      <ol className="space-y-4" aria-label="Questions">
        {drafts.map((draft, index) => {
          const at = (field: string) => errors[`questions.${index}.${field}`];
          return (
            <li key={draft.key} className="rounded-lg border border-slate-200 p-4">
              <fieldset className="space-y-3">
                <legend className="sr-only">Question {index + 1}</legend>
                <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem]">
                  <TextField
                    label={`Question ${index + 1}`}
                    value={draft.label}
                    maxLength={applicationLimits.label}
                    error={at('label')}
                    onChange={(event) => change(draft.key, { label: event.target.value })}
                  />
                  <SelectField
                    label="Answer type"
                    options={applicationQuestionKinds.map((kind) => ({
                      value: kind,
                      label: applicationQuestionKindLabels[kind],
                    }))}
                    value={draft.kind}
                    onChange={(event) => change(draft.key, { kind: event.target.value as ApplicationQuestionKind })}
                  />
                </div>
                {draft.kind === 'choice' && (
                  <TextAreaField
                    label="Options (one per line)"
                    rows={3}
                    value={draft.options}
                    error={
                      at('options') ?? Object.entries(errors).find(([k]) => k.startsWith(`questions.${index}.options.`))?.[1]
                    }
                    onChange={(event) => change(draft.key, { options: event.target.value })}
                  />
                )}
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <CheckboxField
                    label="Required"
                    checked={draft.required}
                    onChange={(required) => change(draft.key, { required })}
                  />
                  <div className="flex gap-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Move question ${index + 1} up`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUpIcon className="size-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Move question ${index + 1} down`}
                      disabled={index === drafts.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDownIcon className="size-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove question ${index + 1}`}
                      onClick={() => setDrafts((list) => list.filter((d) => d.key !== draft.key))}
                    >
                      <TrashIcon className="size-4" />
                    </Button>
                  </div>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap justify-between gap-3">
        <Button
          variant="secondary"
          disabled={drafts.length >= applicationLimits.questions}
          onClick={() =>
            setDrafts((list) => [...list, { key: nextKey++, label: '', kind: 'text', options: '', required: false }])
          }
        >
          <PlusIcon className="size-4" />
          Add question
        </Button>
        <Button onClick={() => void submit()} isLoading={save.isPending}>
          Save questions
        </Button>
      </div>
    </div>
  );
}
