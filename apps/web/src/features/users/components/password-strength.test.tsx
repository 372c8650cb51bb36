import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { limits } from '@portal/contract';
import { estimatePasswordStrength } from './password-strength';
import { PasswordStrengthHint } from './password-strength-meter';

const strength = (password: string) => estimatePasswordStrength(password, limits.passwordMinLength);

describe('estimatePasswordStrength', () => {
  it('rates short, obvious and predictable passwords low', () => {
    expect(strength('abc123')).toBe(0);
    expect(strength('password123')).toBe(1);
    expect(strength('Qwertyuiop')).toBe(1);
    expect(strength('12345678')).toBe(1);
    expect(strength('aaaaaaaaaaaa')).toBe(1);
  });

  it('rates long, varied passwords higher', () => {
    expect(strength('kite-lemon')).toBeGreaterThanOrEqual(2);
    expect(strength('correct-horse-battery')).toBeGreaterThanOrEqual(3);
    expect(strength('T7#qv!Lm2$xR9&wz')).toBe(4);
  });
});

describe('PasswordStrengthHint', () => {
  it('states the rule, then says the strength in a polite live region as the user types', () => {
    const { rerender } = render(<PasswordStrengthHint password="" />);
    expect(screen.getByText(/At least 8 characters/)).toBeTruthy();
    const live = document.querySelector('[aria-live="polite"]')!;
    expect(live.textContent).toBe('');

    rerender(<PasswordStrengthHint password="password123" />);
    expect(live.textContent).toBe('Strength: Weak');
    rerender(<PasswordStrengthHint password="T7#qv!Lm2$xR9&wz" />);
    expect(live.textContent).toBe('Strength: Strong');
    expect(document.querySelectorAll('[data-filled="true"]')).toHaveLength(4);
  });
});
