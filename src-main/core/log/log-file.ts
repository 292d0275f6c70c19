import { appendFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { LogSink } from './logger.ts';

export interface LogFileOptions {
  /** The folder for the log files (the user-data folder's `logs/`). */
  dir: string;
  /** Start a new file beyond this size. */
  maxBytes?: number;
  /** Files kept, the current one included; the oldest is deleted. */
  maxFiles?: number;
}

export interface LogFile {
  /** The file being written now. */
  readonly path: string;
  readonly sink: LogSink;
}

export const LOG_FILE_NAME = 'opsdesk.log';

/**
 * Log lines (already redacted by the logger) appended to `opsdesk.log`, rotated to `opsdesk.1.log`
 * … `opsdesk.<maxFiles-1>.log`. Writes are synchronous so the line about a fatal error is on disk
 * before the process exits.
 */
export function openLogFile({ dir, maxBytes = 1024 * 1024, maxFiles = 5 }: LogFileOptions): LogFile {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const current = path.join(dir, LOG_FILE_NAME);
  const rotated = (index: number) => path.join(dir, `opsdesk.${index}.log`);
  let size = existsSync(current) ? statSync(current).size : 0;

  const rotate = () => {
    rmSync(rotated(maxFiles - 1), { force: true });
    for (let index = maxFiles - 2; index >= 1; index -= 1) {
      if (existsSync(rotated(index))) renameSync(rotated(index), rotated(index + 1));
    }
    if (maxFiles > 1) renameSync(current, rotated(1));
    else rmSync(current, { force: true });
    size = 0;
  };

  return {
    path: current,
    sink: (record) => {
      const line = `${record.line}\n`;
      const bytes = Buffer.byteLength(line);
      try {
        if (size > 0 && size + bytes > maxBytes) rotate();
        appendFileSync(current, line, { mode: 0o600 });
        size += bytes;
      } catch (error) {
        // A full disk or a removed folder must not turn a log line into a crash.
        process.stderr.write(`could not write ${current}: ${error instanceof Error ? error.message : String(error)}\n`);
      }
    },
  };
}
