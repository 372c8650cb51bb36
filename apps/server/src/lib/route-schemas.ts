import { errorEnvelope } from '@portal/contract';

/** Response schemas for the error statuses a route can answer: every one is the error envelope. */
export const errorResponses = <const C extends number>(...codes: C[]) =>
  Object.fromEntries(codes.map((code) => [code, errorEnvelope])) as Record<C, typeof errorEnvelope>;
