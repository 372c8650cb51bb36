import { describe, expect, it } from 'vitest';
import { httpUrlOrNull } from './constants';

describe('httpUrlOrNull', () => {
  it('keeps an http or https URL, trimmed', () => {
    expect(httpUrlOrNull(' https://example.org/contact ')).toBe('https://example.org/contact');
    expect(httpUrlOrNull('http://example.org')).toBe('http://example.org');
  });

  it.each([
    'javascript:alert(1)',
    'mailto:help@example.org',
    'tel:+18005550199',
    'data:text/html,hi',
    '/contact',
    'https://',
    '',
    null,
    undefined,
    42,
  ])('answers null for %s, so no link is shown', (value) => {
    expect(httpUrlOrNull(value)).toBeNull();
  });
});
