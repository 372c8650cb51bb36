/** The one error type services throw; the error handler turns it into the JSON envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** A stable name for a client to act on (e.g. TWO_FACTOR_SETUP_REQUIRED), beside the message for people. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new AppError(400, message, errors);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const unprocessable = (message: string, errors?: Record<string, string>) => new AppError(422, message, errors);
export const conflict = (message: string, errors?: Record<string, string>) => new AppError(409, message, errors);
