import { useTranslation } from 'react-i18next';
import type { FieldError, IpcError } from '../../src-shared/contract/define.ts';
import { errorText, fieldErrorText, type ErrorText } from '../../src-shared/i18n/error-text.ts';

/** An error in the window's language; main's English words for a code the catalog lacks. */
export function useErrorText(error: IpcError): ErrorText {
  const { i18n } = useTranslation();
  return errorText(i18n, error) ?? (error.hint === undefined ? { message: error.message } : { message: error.message, hint: error.hint });
}

/** Words a form's field errors in the window's language. */
export function useFieldErrorText(): (field: FieldError) => string {
  const { i18n } = useTranslation();
  return (field) => fieldErrorText(i18n, field);
}

/**
 * A form's field errors from a failed call, in the window's language, by the form's own field name
 * (the router says `policy.name`, the appliance `name`).
 */
export function useFieldErrors(error: IpcError | null): (field: string) => string | undefined {
  const words = useFieldErrorText();
  return (field) => {
    const refused = error?.fieldErrors?.find((candidate) => candidate.path === field || candidate.path.endsWith(`.${field}`));
    return refused && words(refused);
  };
}
