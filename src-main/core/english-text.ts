// Main's own words are English from the shared catalog: for the log, and as the words a window
// shows for a code its catalog lacks. The window words errors itself from code and params.
import type { FieldError, IpcError } from '../../src-shared/contract/define.ts';
import { errorText, fieldErrorText, type ErrorSubject, type ErrorText } from '../../src-shared/i18n/error-text.ts';
import { createTranslator } from '../../src-shared/i18n/translator.ts';

export const english = createTranslator('en');

export function inEnglish(error: ErrorSubject): ErrorText {
  // Every code main raises is in the catalog (test/shared/catalogs.test.ts); the code is the last resort.
  return errorText(english, error) ?? { message: error.code };
}

/** A field error with its English words. */
export function fieldError(path: string, code: string, params?: FieldError['params']): FieldError {
  const subject = { code, message: code, ...(params && { params }) };
  return { path, code, ...(params && { params }), message: fieldErrorText(english, subject) };
}

/** An IPC error worded in English from its code and params. */
export function ipcErrorInEnglish(error: Omit<IpcError, 'message' | 'hint' | 'retryable'> & { retryable?: boolean }): IpcError {
  return { retryable: false, ...error, ...inEnglish(error) };
}
