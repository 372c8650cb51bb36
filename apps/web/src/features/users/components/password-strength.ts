/**
 * A quick strength estimate for the meter under a new-password field, as the user types. The
 * server is what refuses a password (length, and its large common-password list); this only
 * guides, so it stays small: length, character variety, repeats and sequences, and the handful of
 * passwords everyone tries first.
 */
export type PasswordStrength = 0 | 1 | 2 | 3 | 4;

export const strengthLabels = ['Too short', 'Weak', 'Fair', 'Good', 'Strong'] as const;

const obvious = new Set([
  'password',
  'password1',
  'password123',
  'passw0rd',
  '12345678',
  '123456789',
  '1234567890',
  '87654321',
  'qwertyuiop',
  'qwerty123',
  'iloveyou',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'superman',
  'letmein1',
  'welcome1',
  'trustno1',
  'abcd1234',
  '11111111',
  '00000000',
  '1q2w3e4r',
  'asdfghjkl',
]);

const classes = [
  { test: /[a-z]/, size: 26 },
  { test: /[A-Z]/, size: 26 },
  { test: /[0-9]/, size: 10 },
  { test: /[^a-zA-Z0-9]/, size: 33 },
];

/** Characters that merely repeat or continue the one before (aaaa, abcd, 4321) add almost nothing. */
function predictableRuns(password: string): number {
  let runs = 0;
  for (let i = 1; i < password.length; i += 1) {
    const step = password.charCodeAt(i) - password.charCodeAt(i - 1);
    if (step === 0 || step === 1 || step === -1) runs += 1;
  }
  return runs;
}

export function estimatePasswordStrength(password: string, minLength: number): PasswordStrength {
  if (password.length < minLength) return 0;
  if (obvious.has(password.toLowerCase())) return 1;
  const pool = classes.reduce((sum, c) => sum + (c.test.test(password) ? c.size : 0), 0);
  const effectiveLength = password.length - predictableRuns(password) * 0.75;
  const bits = effectiveLength * Math.log2(pool);
  if (bits < 40) return 1;
  if (bits < 55) return 2;
  if (bits < 75) return 3;
  return 4;
}
