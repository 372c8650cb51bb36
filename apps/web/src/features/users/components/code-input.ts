// Its own module: the sign-in code step and the settings' two-factor card both use it, and the sign-in
// page's bundle should not carry the card.

/** The authenticator code's input: the number pad, the one-time-code autofill, six digits with a space allowed. */
export const codeInputProps = {
  name: 'code',
  autoComplete: 'one-time-code',
  inputMode: 'numeric',
  pattern: '[0-9 ]*',
  maxLength: 7,
  placeholder: '123456',
} as const;
