import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { useApplicationAnswers } from '../api/get-application';

/** On a partner's page: what they answered when they applied (issue 23 §5); nothing when they answered nothing. */
export function ApplicationAnswersCard({ userId }: { userId: number }) {
  const application = useApplicationAnswers(userId);
  const answers = application.data?.answers;
  if (!answers?.length) return null;
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900">Application</h2>
      {application.data?.submitted_at && (
        <p className="mt-1 text-xs text-slate-500">Answered {formatDateTime(application.data.submitted_at)}</p>
      )}
      <dl className="mt-3 space-y-3 text-sm">
        {answers.map((item, index) => (
          <div key={index}>
            <dt className="text-slate-500">{item.question}</dt>
            <dd className="whitespace-pre-wrap text-slate-900 wrap-anywhere">{item.answer}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
