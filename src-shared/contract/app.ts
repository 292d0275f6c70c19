import { z } from 'zod';
import { languageChoices, type LanguageChoice } from '../i18n/languages.ts';
import { call, event, taskIdSchema } from './define.ts';
import type { BackEnd } from './profiles.ts';

export interface AppInfo {
  version: string;
  platform: string;
}

/** Where keys are kept: the OS store in use (named per system), or why not. */
export type KeychainBackEnd =
  | { kind: 'os-keychain'; store: 'secret-service' | 'macos-keychain' | 'windows-credential-manager' | 'other' }
  | { kind: 'session-only'; reason?: string }
  | { kind: 'waiting' };

/** One connection's route to its back end; its name and host only when the user asked for them. */
export interface ProfileRoute {
  service: BackEnd;
  name?: string;
  host?: string;
  proxyMode: 'none' | 'system' | 'explicit';
  /** The proxy this connection uses: the explicit one, or what the system answers for its address ("DIRECT", "PROXY host:port"). */
  proxy: string | null;
}

/**
 * What an analyst sends to their IT when something fails (Settings → About). It never holds a key
 * or anything from the cache; profile names and hosts only when `includeProfileHosts` was asked.
 */
export interface Diagnostics {
  versions: { app: string; electron: string | null; chromium: string | null; node: string };
  /** e.g. `linux x64 6.8.0-45-generic`. */
  system: string;
  dataFolder: string;
  logFile: string;
  keychain: KeychainBackEnd;
  /** How many certificates the system store gave, or why none (every "system" trust uses them). */
  systemCertificates: { count: number; failure?: string };
  /** The proxy the environment names (HTTPS_PROXY, else HTTP_PROXY), without credentials, and NO_PROXY. */
  environmentProxy: { proxy: string | null; noProxy: string | null };
  profiles: ProfileRoute[];
}

/** The language picked in Settings; `system` follows the operating system. */
export interface LanguageSetting {
  choice: LanguageChoice;
}

/** Light or dark, or as the operating system says (`system`). */
export type ThemeChoice = 'system' | 'light' | 'dark';
const themeChoices = ['system', 'light', 'dark'] as const satisfies readonly ThemeChoice[];

export const app = {
  calls: {
    info: call<AppInfo>()(z.undefined()),
    /** Opens an http(s) link in the system browser; the app itself never navigates. */
    openExternal: call<null>()(z.object({ url: z.url({ protocol: /^https?$/ }).max(2048) })),
    language: call<LanguageSetting>()(z.undefined()),
    /** Remembered in SQLite; main's menus and dialogs follow at once. */
    setLanguage: call<LanguageSetting>()(z.object({ choice: z.enum(languageChoices) })),
    theme: call<ThemeChoice>()(z.undefined()),
    /** Remembered in SQLite; the window applies it at once. */
    setTheme: call<ThemeChoice>()(z.object({ choice: z.enum(themeChoices) })),
    /** Stops a long call (an export, an answer, an upload) by the task id the window gave it; a finished one is no error. */
    cancel: call<null>()(z.object({ taskId: taskIdSchema })),
    diagnostics: call<Diagnostics>()(z.object({ includeProfileHosts: z.boolean() })),
  },
  events: {
    /** Help → About OpsDesk: the window shows Settings → About. */
    showAbout: event<null>(),
  },
};
