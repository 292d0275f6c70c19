// Fault injection. A fault matches on method (optional) and on the path after the API prefix;
// the first matching fault that still has uses left applies to a request.
// 'drop-after-commit': the service runs (a write is committed), then the socket is destroyed before any byte of the answer.
// 'go-down': the server crashes on the request, before running it (see SimServer.goDown); comeBack revives it.
export type FaultKind = 'delay' | 'reset' | 'status' | 'malformed' | 'html' | 'truncate' | 'oversize' | 'stream-error' | 'drop-after-commit' | 'go-down';

export interface Fault {
  method?: string;
  path: string | RegExp; // matched against the path after the API prefix, e.g. '/alerts'
  kind: FaultKind;
  ms?: number; // delay: how long to wait before handling (default 1000)
  status?: number; // status: default 500; html: default 502
  retryAfterSeconds?: number; // status: adds a Retry-After header
  retryAfterDate?: string; // status: adds a Retry-After header holding this HTTP date
  times?: number; // how many requests it hits; default unlimited
  after?: number; // how many matching requests pass untouched before it hits; default 0
  keep?: number; // truncate/reset: SSE events (or body bytes) sent before the cut; default half
  bytes?: number; // oversize: body size; default 64 MiB
  message?: string; // stream-error: the error's message; default 'upstream model overloaded'
}

export interface FaultSwitch {
  add(fault: Fault): void;
  clear(): void;
}

interface ArmedFault {
  fault: Fault;
  remaining: number;
  toLetPass: number;
}

function pathMatches(pattern: string | RegExp, apiPath: string): boolean {
  if (typeof pattern === 'string') return pattern === apiPath;
  pattern.lastIndex = 0; // a /g or /y pattern would otherwise remember where it stopped
  return pattern.test(apiPath);
}

export class FaultList implements FaultSwitch {
  #armed: ArmedFault[] = [];

  add(fault: Fault): void {
    this.#armed.push({ fault, remaining: fault.times ?? Number.POSITIVE_INFINITY, toLetPass: fault.after ?? 0 });
  }

  clear(): void {
    this.#armed = [];
  }

  take(method: string, apiPath: string): Fault | undefined {
    const matching = this.#armed.filter(({ fault, remaining }) =>
      remaining > 0 &&
      (fault.method === undefined || fault.method.toUpperCase() === method.toUpperCase()) &&
      pathMatches(fault.path, apiPath));
    const armed = matching.find((candidate) => {
      if (candidate.toLetPass === 0) return true;
      candidate.toLetPass--;
      return false;
    });
    if (!armed) return undefined;
    armed.remaining--;
    if (armed.remaining === 0) this.#armed = this.#armed.filter((a) => a !== armed);
    return armed.fault;
  }
}
