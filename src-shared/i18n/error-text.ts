// The words for an error, made from its stable code and parameters. Main writes them in English for
// its log (and as the fallback a window uses for a code its catalog lacks); the window writes them in
// the user's language. Which key is read: errors.<service>.<code>, else errors.<code>; a
// `context` parameter picks a variant (`message_<context>`), as i18next's context does.
import type { Translator } from './translator.ts';

export type ErrorParams = Record<string, string | number | boolean>;

export interface ErrorSubject {
  code: string;
  service?: string;
  status?: number;
  params?: ErrorParams;
}

export interface ErrorText {
  message: string;
  hint?: string;
}

/** The error's message and hint in the translator's language, or null when no catalog has its code. */
export function errorText(translator: Translator, { code, service, status, params = {} }: ErrorSubject): ErrorText | null {
  const values = {
    ...params,
    ...(status !== undefined && { status }),
    ...(service && { subject: translator.t(`services.${service}.subject`), noun: translator.t(`services.${service}.noun`) }),
  };
  const specific = `errors.${service}.${code}`;
  const base = service && translator.exists(`${specific}.message`, values) ? specific : `errors.${code}`;
  if (!translator.exists(`${base}.message`, values)) return null;
  let message = translator.t(`${base}.message`, values);
  let hint = translator.exists(`${base}.hint`, values) ? translator.t(`${base}.hint`, values) : undefined;
  // What a server said about a rejected parameter, shown as text after ours.
  if (params.detail !== undefined) message = translator.t('errors.addenda.detail', { message, detail: params.detail });
  if (params.waitSeconds !== undefined) message = translator.t('errors.addenda.wait', { message, waitSeconds: params.waitSeconds });
  if (params.htmlPage === true) {
    message = translator.t('errors.addenda.htmlPage', { message, status });
    hint = translator.t('errors.addenda.htmlPageHint', { hint });
  }
  return hint === undefined ? { message } : { message, hint };
}

export interface FieldErrorSubject {
  code?: string;
  params?: ErrorParams;
  message: string;
}

/** A form field's error in the translator's language; the English `message` for a code no catalog has. */
export function fieldErrorText(translator: Translator, { code, params, message }: FieldErrorSubject): string {
  const key = `fieldErrors.${code}`;
  return code && translator.exists(key) ? translator.t(key, params ?? {}) : message;
}
