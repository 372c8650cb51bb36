import { useState } from 'react';
import { CopyIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/** A secret shown once: the text to copy, a Copy button, and Done once the user has it. */
export function SecretReveal({ label, secret, onDone }: { label: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <Alert tone="success">
      <p className="font-medium">{label}</p>
      <p className="mt-1 text-sm">Copy it now: it will not be shown again.</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code className="block min-w-0 flex-1 break-all rounded-md bg-white px-3 py-2 font-mono text-xs text-slate-900 ring-1 ring-slate-200">
          {secret}
        </code>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              void navigator.clipboard?.writeText(secret).then(() => setCopied(true));
            }}
          >
            <CopyIcon className="size-4" />
            {copied ? 'Copied' : 'Copy'}
          </Button>
          <Button size="sm" onClick={onDone}>
            Done
          </Button>
        </div>
      </div>
    </Alert>
  );
}
