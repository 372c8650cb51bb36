import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditActions } from '@portal/contract';

// recordAudit takes only the contract's auditActions (the compiler refuses any other), and each of
// those has its own sentence (the contract's tests). This keeps the list honest the other way: no
// action listed that the server no longer writes.
const sourceDir = path.resolve(import.meta.dirname, '..');
const sources = (readdirSync(sourceDir, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => readFileSync(path.join(sourceDir, file), 'utf8'))
  .join('\n');

describe('audit actions', () => {
  it('lists only actions the server writes', () => {
    const written = (action: string) => {
      if (sources.includes(`'${action}'`)) return true;
      // Written from a template: `payout_review.${input.decision}`.
      const [target] = action.split('.');
      return sources.includes(`action: \`${target}.\${`);
    };
    expect(auditActions.filter((action) => !written(action))).toEqual([]);
  });
});
