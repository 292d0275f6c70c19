import { callChannel, eventChannel } from '../../src-shared/contract/define.ts';
import type {
  ContractSpec,
  FieldError,
  IpcError,
  IpcResult,
  ParsedRequestOf,
  PayloadOf,
  ResultOf,
} from '../../src-shared/contract/define.ts';
import { fieldError, ipcErrorInEnglish } from '../core/english-text.ts';
import { toIpcError } from './ipc-error.ts';

/** Who sent an IPC message: the frame's URL and whether it is the window's top frame. */
export interface SenderFrame {
  url: string;
  isTopFrame: boolean;
  /** The window (webContents) the frame is in, so that what a call starts can answer only there. */
  windowId?: number;
}

/** Who made a call, for handlers whose events belong to the window that asked (an answer's stream). */
export interface Caller {
  windowId: number | undefined;
}

export type Handlers<Contract extends ContractSpec> = {
  [Area in keyof Contract]: {
    [Call in keyof Contract[Area]['calls']]: (
      request: ParsedRequestOf<Contract[Area]['calls'][Call]>,
      caller: Caller,
    ) => Promise<ResultOf<Contract[Area]['calls'][Call]>> | ResultOf<Contract[Area]['calls'][Call]>;
  };
};

export interface RouterOptions {
  /** Only the app's own top frame may call main, e.g. `opsdesk://app`. */
  appOrigin: string;
  /**
   * Takes every registered key (and anything key-shaped) out of a text; applied to every string
   * that leaves main, because a server may echo a key back in any field.
   */
  redact: (text: string) => string;
  onUnexpectedError?: (channel: string, error: unknown) => void;
}

export interface Router<Contract extends ContractSpec> {
  /** One channel per call; subscriptions come on the contract's subscribe channel. */
  readonly channels: readonly string[];
  dispatch(channel: string, sender: SenderFrame, payload: unknown): Promise<IpcResult<unknown>>;
  /** Checks a window's request to receive events (their channels); returns the channels. */
  authorizeSubscription(sender: SenderFrame, payload: unknown): IpcResult<string[]>;
  eventChannelOf<Area extends keyof Contract & string, Name extends keyof Contract[Area]['events'] & string>(
    area: Area,
    name: Name,
  ): string;
  /** An event's payload as it may leave main: with every key taken out. */
  outgoing<T>(payload: T): T;
}

export type EventPayload<
  Contract extends ContractSpec,
  Area extends keyof Contract,
  Name extends keyof Contract[Area]['events'],
> = PayloadOf<Contract[Area]['events'][Name]>;

const forbiddenSender: IpcError = ipcErrorInEnglish({ code: 'forbidden_sender' });

const failure = (error: IpcError): IpcResult<never> => ({ ok: false, error });

// Deeper than any result OpsDesk builds; a deeper one (read from a hostile server) cannot cross IPC anyway.
const MAX_RESULT_DEPTH = 64;

class ResultTooDeepError extends Error {
  constructor() {
    super(`an IPC result is nested deeper than ${MAX_RESULT_DEPTH} levels`);
    this.name = 'ResultTooDeepError';
  }
}

/**
 * The result with `redact` applied to every string in it, property names included. Copies only
 * what changes: results can be large, and almost none holds anything to take out.
 */
function redactDeep(value: unknown, redact: (text: string) => string, depth = 0): unknown {
  if (typeof value === 'string') return redact(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_RESULT_DEPTH) throw new ResultTooDeepError();
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index += 1) {
      const item = redactDeep(value[index], redact, depth + 1);
      if (item !== value[index]) (copy ??= [...value])[index] = item;
    }
    return copy ?? value;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const name of Object.keys(record)) {
    const safeName = redact(name);
    const item = redactDeep(record[name], redact, depth + 1);
    if (safeName === name && item === record[name]) continue;
    copy ??= { ...record };
    if (safeName !== name) delete copy[name];
    copy[safeName] = item;
  }
  return copy ?? value;
}

export function isTrustedSender(sender: SenderFrame, appOrigin: string): boolean {
  if (!sender.isTopFrame) return false;
  try {
    // Not URL.origin: WHATWG URL gives 'null' as the origin of custom schemes such as opsdesk:.
    const url = new URL(sender.url);
    return `${url.protocol}//${url.host}` === appOrigin;
  } catch {
    return false;
  }
}

/**
 * The handler map as plain data: checks the sender, parses the payload against the contract's
 * schema, runs the handler and returns `{ok,data}` or `{ok:false,error}`. No Electron here, so
 * tests drive it directly and the Playwright harness wires it to real Chromium.
 */
export function createRouter<Contract extends ContractSpec>(
  contract: Contract,
  handlers: Handlers<Contract>,
  options: RouterOptions,
): Router<Contract> {
  const routes = new Map<string, { parse: (payload: unknown) => unknown; run: (request: unknown, caller: Caller) => unknown }>();
  const events = new Set<string>();
  for (const [areaName, area] of Object.entries(contract)) {
    const areaHandlers = handlers[areaName as keyof Contract] as Record<string, (request: unknown, caller: Caller) => unknown>;
    for (const [callName, spec] of Object.entries(area.calls)) {
      const handler = areaHandlers[callName];
      if (!handler) throw new Error(`No handler for ${areaName}.${callName}`);
      routes.set(callChannel(areaName, callName), {
        parse: (payload) => spec.request.parse(payload),
        run: handler,
      });
    }
    for (const eventName of Object.keys(area.events)) events.add(eventChannel(areaName, eventName));
  }

  return {
    channels: [...routes.keys()],
    authorizeSubscription(sender, payload) {
      if (!isTrustedSender(sender, options.appOrigin)) return failure(forbiddenSender);
      const known = (channel: unknown): channel is string => typeof channel === 'string' && events.has(channel);
      if (!Array.isArray(payload) || payload.length > events.size || !payload.every(known)) {
        return failure(ipcErrorInEnglish({ code: 'bad_request', params: { context: 'unknown_event' } }));
      }
      return { ok: true, data: payload };
    },
    eventChannelOf: (area, name) => eventChannel(area, name),
    outgoing: (payload) => redactDeep(payload, options.redact) as typeof payload,
    async dispatch(channel, sender, payload) {
      if (!isTrustedSender(sender, options.appOrigin)) {
        return failure(forbiddenSender);
      }
      const route = routes.get(channel);
      if (!route) {
        return failure(ipcErrorInEnglish({ code: 'unknown_call', params: { channel } }));
      }
      let request: unknown;
      try {
        request = route.parse(payload);
      } catch (error) {
        return failure(ipcErrorInEnglish({ code: 'bad_request', params: { context: 'invalid_input' }, fieldErrors: fieldErrorsOf(error) }));
      }
      try {
        return { ok: true, data: redactDeep((await route.run(request, { windowId: sender.windowId })) ?? null, options.redact) };
      } catch (error) {
        const ipcError = redactDeep(toIpcError(error), options.redact) as IpcError;
        if (ipcError.code === 'internal') options.onUnexpectedError?.(channel, error);
        return failure(ipcError);
      }
    },
  };
}

interface Issue {
  path?: PropertyKey[];
  code?: string;
  message?: string;
  minimum?: unknown;
  maximum?: unknown;
}

// A schema's own message is a field-error code (`name_required`); zod's defaults are sentences.
const fieldErrorCode = /^[a-z][a-z_]*$/;

/** Each zod issue as a field error: the schema's code, else zod's issue code with its bounds. */
function fieldErrorsOf(error: unknown): FieldError[] {
  if (error && typeof error === 'object' && 'issues' in error && Array.isArray(error.issues)) {
    return error.issues.slice(0, 20).map((issue: Issue) => {
      const path = issue.path?.length ? issue.path.map(String).join('.') : 'request';
      if (issue.message && fieldErrorCode.test(issue.message)) return fieldError(path, issue.message);
      const bounds = Object.fromEntries(
        Object.entries({ minimum: issue.minimum, maximum: issue.maximum }).flatMap(([name, value]) =>
          typeof value === 'number' || typeof value === 'bigint' ? [[name, Number(value)]] : [],
        ),
      );
      return fieldError(path, issue.code ?? 'invalid', Object.keys(bounds).length > 0 ? bounds : undefined);
    });
  }
  return [fieldError('request', 'invalid')];
}
