import { limits } from '@portal/contract';
import { cn } from '@/components/ui/cn';
import { estimatePasswordStrength, strengthLabels } from './password-strength';

const barColors = ['bg-slate-200', 'bg-red-500', 'bg-amber-500', 'bg-lime-600', 'bg-emerald-600'];

/**
 * The hint under a new-password field: the length rule, and once typing starts a four-step bar
 * with its word. Rendered inside the field's hint, which the input is described by; the word sits
 * in a polite live region, so a screen reader hears it only when the level changes.
 */
export function PasswordStrengthHint({ password }: { password: string }) {
  const strength = estimatePasswordStrength(password, limits.passwordMinLength);
  return (
    <span className="block space-y-1">
      <span className="block">At least {limits.passwordMinLength} characters; avoid common passwords.</span>
      <span className={cn('flex items-center gap-2', !password && 'sr-only')}>
        <span className="flex flex-1 gap-1" aria-hidden="true">
          {[1, 2, 3, 4].map((step) => (
            <span
              key={step}
              data-filled={strength >= step}
              className={cn('h-1.5 flex-1 rounded-full', strength >= step ? barColors[strength] : 'bg-slate-200')}
            />
          ))}
        </span>
        <span aria-live="polite" className="w-28 text-right font-medium text-slate-600">
          {password ? `Strength: ${strengthLabels[strength]}` : ''}
        </span>
      </span>
    </span>
  );
}
