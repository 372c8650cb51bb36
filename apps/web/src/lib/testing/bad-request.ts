import { AxiosError, AxiosHeaders } from 'axios';

/** A 400 as the server sends it, for tests: a message (by default the first field's) and the field messages. */
export const badRequest = (errors: Record<string, string>, message = Object.values(errors)[0]) =>
  new AxiosError('Bad Request', '400', undefined, undefined, {
    status: 400,
    statusText: 'Bad Request',
    headers: {},
    config: { headers: new AxiosHeaders() },
    data: { status: 'error', message, errors },
  });
