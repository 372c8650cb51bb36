import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

/** A console.error during a test fails it unless the test mocks console.error itself. */
let spy: MockInstance<typeof console.error>;
beforeEach(() => {
  spy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = spy.getMockImplementation() ? [] : spy.mock.calls;
  spy.mockRestore();
  if (calls.length > 0) {
    throw new Error(`console.error was called during the test: ${calls.map((c) => c.join(' ')).join('\n')}`);
  }
});
