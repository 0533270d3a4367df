/** The one application error type. Codes map to HTTP statuses in the error handler; the web maps
 * them to toasts. Refusals and conflicts carry text that starts with 'ERROR', the spec's reply form. */
export type TErrorCode = 'BAD_REQUEST' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'REFUSED' | 'TOO_LARGE' | 'UNSUPPORTED_TYPE' | 'COMPANY_CHANGED';

export const STATUS_OF: Record<TErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  REFUSED: 409,
  TOO_LARGE: 413,
  UNSUPPORTED_TYPE: 415,
  COMPANY_CHANGED: 409,
};

export class AppError extends Error {
  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'The record') => new AppError('NOT_FOUND', `${what} was not found`);
export const forbidden = (message = 'You do not have permission to do that') => new AppError('FORBIDDEN', message);
export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Please sign in');
/** A business refusal: the text becomes the reply, prefixed 'ERROR '. */
export const refuse = (message: string) => new AppError('REFUSED', `ERROR ${message}`);
/** Someone else saved the row since it was loaded. */
export const conflict = (message: string) => new AppError('CONFLICT', `ERROR ${message}`);
export const badRequest = (field: string, message: string) => new AppError('BAD_REQUEST', message, { [field]: [message] });
