import { describe, expect, it } from 'vitest';
import { formatWait, messages } from './messages';

describe('formatWait', () => {
  it('rounds up to seconds, minutes from one minute, hours from two hours', () => {
    expect(formatWait(0)).toBe('1 second');
    expect(formatWait(59_001)).toBe('1 minute');
    expect(formatWait(45_000)).toBe('45 seconds');
    expect(formatWait(13 * 60_000 + 1)).toBe('14 minutes');
    expect(formatWait(2 * 3600_000 - 1001)).toBe('120 minutes');
    expect(formatWait(24 * 3600_000)).toBe('24 hours');
    expect(messages.http.tooManyAttempts(14 * 60_000)).toBe('Too many attempts. Try again in 14 minutes.');
  });
});
