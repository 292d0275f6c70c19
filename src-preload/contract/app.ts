import { z } from 'zod';
import { languageChoices, type LanguageChoice } from '../../src-shared/i18n/languages.ts';
import { call, taskIdSchema } from './define.ts';

export interface AppInfo {
  version: string;
  platform: string;
}

/** The language picked in Settings; `system` follows the operating system. */
export interface LanguageSetting {
  choice: LanguageChoice;
}

export const app = {
  calls: {
    info: call<AppInfo>()(z.undefined()),
    /** Opens an http(s) link in the system browser; the app itself never navigates. */
    openExternal: call<null>()(z.object({ url: z.url({ protocol: /^https?$/ }).max(2048) })),
    language: call<LanguageSetting>()(z.undefined()),
    /** Remembered in SQLite; main's menus and dialogs follow at once. */
    setLanguage: call<LanguageSetting>()(z.object({ choice: z.enum(languageChoices) })),
    /** Stops a long call (an export, an answer, an upload) by the task id the window gave it; a finished one is no error. */
    cancel: call<null>()(z.object({ taskId: taskIdSchema })),
  },
  events: {},
};
