// What a server says about itself in its OpenAPI description: which operations exist, which
// parameters they take and where. Read once per connection; anything unreadable is left out.
import { ServiceFailure } from '../http/service-failure.ts';
import { fieldsOf, readRecord, readStrings, type WireRecord } from './read.ts';

export type ParameterPlace = 'header' | 'query' | 'path';

export interface DescribedParameter {
  name: string;
  in: ParameterPlace;
  /** The schema's `maximum`, when it gives one (a page size's bound). */
  maximum?: number;
}

export interface DescribedOperation {
  method: string;
  /** As the description writes it, relative to the API root: `/tickets/{id}`. */
  path: string;
  parameters: DescribedParameter[];
  /** The editions the operation is available in (`x-editions`), when the description says. */
  editions?: string[];
  /** The fields of its JSON request body, when the description gives its schema. */
  bodyFields?: string[];
}

export interface ApiDescription {
  title?: string;
  version?: string;
  operations: DescribedOperation[];
  /** The document as the server sent it, for what a back end reads there beyond the operations (its schemas). */
  document: WireRecord;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
const PLACES: readonly string[] = ['header', 'query', 'path'] satisfies ParameterPlace[];

/** `/tickets/{id}` and `/tickets/{ticket_id}` are the same operation. */
export function pathShape(path: string): string {
  return path.replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '') || '/';
}

function resolved(root: WireRecord, value: unknown): WireRecord | undefined {
  const record = readRecord(value);
  const ref = record?.['$ref'];
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return record;
  let target: unknown = root;
  for (const part of ref.slice(2).split('/')) target = readRecord(target)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return readRecord(target);
}

function parametersOf(root: WireRecord, value: unknown): DescribedParameter[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const parameter = fieldsOf(resolved(root, entry));
    const name = parameter?.string('name');
    const place = parameter?.string('in');
    const maximum = fieldsOf(resolved(root, parameter?.raw('schema')))?.number('maximum');
    return name && place && PLACES.includes(place) ? [{ name, in: place as ParameterPlace, ...(maximum !== undefined ? { maximum } : {}) }] : [];
  });
}

/** The property names of a JSON request body's schema (`$ref`s followed). */
function bodyFieldsOf(root: WireRecord, requestBody: unknown): string[] | undefined {
  const content = readRecord(resolved(root, requestBody)?.['content']);
  const json = content && Object.entries(content).find(([type]) => /json/i.test(type))?.[1];
  const schema = resolved(root, readRecord(json)?.['schema']);
  const properties = readRecord(schema?.['properties']);
  return properties ? Object.keys(properties) : undefined;
}

/** Whether a path as sent (`/tickets/tkt_1/close`) is one of the description's (`/tickets/{id}/close`). */
function pathMatches(template: string, sent: string): boolean {
  const [expected, actual] = [template, sent].map((path) => path.replace(/\/+$/, '').split('/'));
  return expected!.length === actual!.length && expected!.every((part, index) => /^\{[^}]*\}$/.test(part) || part === decodeURIComponent(actual![index]!));
}

/** The fields of the request body the description gives the operation a request goes to, when it does. */
export function requestBodyFields(description: ApiDescription, method: string, sentPath: string): string[] | undefined {
  return description.operations.find((operation) => operation.method === method && pathMatches(operation.path, sentPath))?.bodyFields;
}

/**
 * The operations of an OpenAPI document. `apiRoot` (e.g. `/api/open/v1`) is taken off paths that
 * a server writes in full. Undefined when the document is not OpenAPI at all.
 */
export function readApiDescription(document: unknown, apiRoot = ''): ApiDescription | undefined {
  const root = readRecord(document);
  const fields = fieldsOf(document);
  const paths = readRecord(root?.['paths']);
  if (!root || !fields || !paths || (fields.string('openapi', 'swagger') === undefined)) return undefined;
  const operations: DescribedOperation[] = [];
  for (const [written, item] of Object.entries(paths)) {
    const pathItem = readRecord(item);
    if (!pathItem) continue;
    const path = apiRoot && written.startsWith(`${apiRoot}/`) ? written.slice(apiRoot.length) : written;
    const shared = parametersOf(root, pathItem['parameters']);
    for (const method of METHODS) {
      const operation = fieldsOf(pathItem[method]);
      if (!operation) continue;
      const editions = readStrings(operation.raw('x-editions', 'x-edition'));
      const bodyFields = bodyFieldsOf(root, operation.raw('requestBody'));
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: [...shared, ...parametersOf(root, operation.raw('parameters'))],
        ...(editions ? { editions } : {}),
        ...(bodyFields ? { bodyFields } : {}),
      });
    }
  }
  const info = fields.fields('info');
  const title = info?.string('title');
  const version = info?.string('version');
  return { ...(title ? { title } : {}), ...(version ? { version } : {}), operations, document: root };
}

/** Whether the description has this operation (any spelling of its path parameters). */
export function describes(description: ApiDescription, method: string, path: string): boolean {
  const shape = pathShape(path);
  return description.operations.some((operation) => operation.method === method && pathShape(operation.path) === shape);
}

/** The query parameters the description gives an operation: the filters it accepts. */
export function queryParametersOf(description: ApiDescription, method: string, path: string): string[] {
  const shape = pathShape(path);
  const operation = description.operations.find((candidate) => candidate.method === method && pathShape(candidate.path) === shape);
  return operation?.parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name) ?? [];
}

/** How a description read that could not reach the server is remembered, when a back end asks for it. */
export interface UnreachableDescription {
  now: () => number;
  /** For this long after, calls go without a description instead of asking again. */
  rememberMs: number;
}

/**
 * Reads a server's description once per client: an answer (a document, or a refusal such as 404:
 * no description, which is not an error) is kept; not reaching the server is not, so a later call
 * asks again. With `unreachable`, not reaching it fails the call that asked (its cause is the
 * server's, not the call's), and for a while later calls go without a description rather than
 * each waiting for the read to fail again.
 */
export function describedOnce(read: () => Promise<ApiDescription | null>, unreachable?: UnreachableDescription): () => Promise<ApiDescription | null> {
  let kept: Promise<ApiDescription | null> | undefined;
  let failedAt: number | undefined;
  return () => {
    if (!kept && unreachable && failedAt !== undefined && unreachable.now() - failedAt < unreachable.rememberMs) return Promise.resolve(null);
    kept ??= read().catch((error: unknown) => {
      const status = error instanceof ServiceFailure ? error.serviceError.status : undefined;
      if (status !== undefined && status < 500) return null;
      kept = undefined;
      if (!unreachable) return null;
      failedAt = unreachable.now();
      if (status === undefined) throw error;
      return null;
    });
    return kept;
  };
}
