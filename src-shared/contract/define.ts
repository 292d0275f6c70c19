import { z } from 'zod';

/** Every code a call can fail with; the renderer's checks are compiled against this list. */
export const errorCodes = [
  // what a back end said
  'bad_request',
  'unauthorized',
  'key_expired',
  'forbidden',
  'forbidden_scope',
  'forbidden_role',
  'forbidden_ip',
  'wrong_site',
  'channel_disabled',
  'edition_unsupported',
  'model_not_permitted',
  'not_found',
  'conflict',
  'rate_limited',
  'server_error',
  'service_unavailable',
  'unexpected_status',
  // what came back could not be used
  'malformed_response',
  'response_too_large',
  'response_headers_too_large',
  // the way there
  'dns_failed',
  'connection_refused',
  'connection_reset',
  'network_unreachable',
  'timeout',
  'proxy_failed',
  'tls_failed',
  'untrusted_certificate',
  'hostname_mismatch',
  'certificate_expired',
  'certificate_not_yet_valid',
  'certificate_chain_incomplete',
  'certificate_invalid',
  'certificate_changed',
  'network_error',
  // OpsDesk itself
  'missing_key',
  'key_bound_elsewhere',
  'invalid_settings',
  'cancelled',
  'keychain_unavailable',
  'unsafe_link',
  'forbidden_sender',
  'unknown_call',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** What an error's words are made from besides its code (host, status, ms, limitBytes, detail…); `context` picks a wording. */
export type ErrorParams = Record<string, string | number | boolean>;

/** A form field's problem: a stable code the window words from its catalog, and main's English for the log. */
export interface FieldError {
  /** Dotted path, e.g. `settings.site`. */
  path: string;
  code: string;
  params?: ErrorParams;
  message: string;
}

/**
 * The error every failed call returns; main maps every failure into this one shape. The window
 * words it from `code`, `service` and `params` in the user's language; `message` and `hint` are
 * main's English from the same catalog, used when the window's catalog lacks the code.
 */
export interface IpcError {
  code: ErrorCode;
  params?: ErrorParams;
  message: string;
  hint?: string;
  status?: number;
  service?: 'gateway' | 'support' | 'firewall';
  requestId?: string;
  retryable: boolean;
  /** Present when the failure is an untrusted certificate the user may choose to trust. */
  certificate?: CertificateDetails;
  /** For a rejected form: which field is wrong and why. */
  fieldErrors?: FieldError[];
}

export interface CertificateDetails {
  subject: string;
  issuer: string;
  validFrom: string;
  validTo: string;
  subjectAltNames: string[];
  sha256: string;
}

export type IpcResult<T> = { ok: true; data: T } | { ok: false; error: IpcError };

declare const resultType: unique symbol;
declare const payloadType: unique symbol;

export interface CallSpec<Request extends z.ZodType, Result> {
  readonly request: Request;
  readonly [resultType]?: Result;
}

export interface EventSpec<Payload> {
  readonly [payloadType]?: Payload;
}

/** `call<Result>()(requestSchema)`: the schema is checked at runtime in main, the result is a type. */
export function call<Result>() {
  return <Request extends z.ZodType>(request: Request): CallSpec<Request, Result> => ({ request });
}

export function event<Payload>(): EventSpec<Payload> {
  return {};
}

export interface AreaSpec {
  readonly calls: Record<string, CallSpec<z.ZodType, unknown>>;
  readonly events: Record<string, EventSpec<unknown>>;
}

export type ContractSpec = Record<string, AreaSpec>;

export type RequestOf<S> = S extends CallSpec<infer Request, unknown> ? z.input<Request> : never;
export type ParsedRequestOf<S> = S extends CallSpec<infer Request, unknown> ? z.output<Request> : never;
export type ResultOf<S> = S extends CallSpec<z.ZodType, infer Result> ? Result : never;
export type PayloadOf<S> = S extends EventSpec<infer Payload> ? Payload : never;

type CallFunction<S> = [RequestOf<S>] extends [undefined]
  ? () => Promise<IpcResult<ResultOf<S>>>
  : (request: RequestOf<S>) => Promise<IpcResult<ResultOf<S>>>;

type EventSubscribers<Events> = {
  [Name in keyof Events & string as `on${Capitalize<Name>}`]: (
    listener: (payload: PayloadOf<Events[Name]>) => void,
  ) => () => void;
};

export type AreaFacade<Area extends AreaSpec> = {
  [Name in keyof Area['calls'] & string]: CallFunction<Area['calls'][Name]>;
} & EventSubscribers<Area['events']>;

/** The type of `window.opsdesk`. */
export type Facade<Contract extends ContractSpec> = {
  [AreaName in keyof Contract]: AreaFacade<Contract[AreaName]>;
};

/**
 * A long call's id (an export, a streamed answer, an upload), made by the window that starts it:
 * the call's progress events carry it and go to that window alone, and `app.cancel` stops it.
 */
export const taskIdSchema = z.uuid();

export const callChannel = (area: string, name: string): string => `${area}:${name}`;
export const eventChannel = (area: string, name: string): string => `${area}:event:${name}`;
/** The two internal channels the preload uses to say which events a window listens to, and stopped listening to. */
export const subscribeChannel = 'opsdesk:subscribe';
export const unsubscribeChannel = 'opsdesk:unsubscribe';
