import { Redactor } from './redactor.ts';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface LogRecord {
  time: string;
  level: LogLevel;
  /** The whole line, already redacted. */
  line: string;
}

export type LogSink = (record: LogRecord) => void;

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** A logger that adds `bindings` to every line and shares this one's sink and secrets. */
  child(bindings: LogFields): Logger;
  /** From now on, this exact value never appears in any line of this logger or its children. */
  registerSecret(secret: string): void;
  /** The same redaction, for text shown somewhere other than the log (an error dialog). */
  redact(text: string): string;
  /** Every value `registerSecret` was given, for a redaction done off main's thread (the local-data export). */
  registeredSecrets(): readonly string[];
}

const LEVEL_ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export const stderrSink: LogSink = (record) => {
  process.stderr.write(`${record.line}\n`);
};

function serializeFields(fields: LogFields): string {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return '';
  return ` ${JSON.stringify(Object.fromEntries(entries), (_key, value: unknown) =>
    value instanceof Error ? { name: value.name, message: value.message } : value,
  )}`;
}

export function createLogger(options: { sink?: LogSink; level?: LogLevel } = {}): Logger {
  const sink = options.sink ?? stderrSink;
  const minimum = LEVEL_ORDER[options.level ?? 'info'];
  const redactor = new Redactor();

  function build(bindings: LogFields): Logger {
    const write = (level: LogLevel, message: string, fields: LogFields = {}): void => {
      if (LEVEL_ORDER[level] < minimum) return;
      const time = new Date().toISOString();
      const raw = `${time} ${level.toUpperCase()} ${message}${serializeFields({ ...bindings, ...fields })}`;
      sink({ time, level, line: redactor.redact(raw) });
    };
    return {
      debug: (message, fields) => write('debug', message, fields),
      info: (message, fields) => write('info', message, fields),
      warn: (message, fields) => write('warn', message, fields),
      error: (message, fields) => write('error', message, fields),
      child: (more) => build({ ...bindings, ...more }),
      registerSecret: (secret) => redactor.registerSecret(secret),
      redact: (text) => redactor.redact(text),
      registeredSecrets: () => redactor.secrets(),
    };
  }

  return build({});
}
