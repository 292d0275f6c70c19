// Method + path-pattern routing (`/tickets/:id/reply`) for the simulators.
export type RouteParams = Record<string, string>;

interface Route<H> {
  method: string;
  segments: string[];
  handler: H;
}

export interface RouteMatch<H> {
  handler: H;
  params: RouteParams;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a stray '%' is kept literally rather than failing the request
  }
}

function split(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

export class Router<H> {
  readonly #routes: Route<H>[] = [];

  add(method: string, pattern: string, handler: H): this {
    this.#routes.push({ method, segments: split(pattern), handler });
    return this;
  }

  routes(): { method: string; pattern: string; handler: H }[] {
    return this.#routes.map((r) => ({ method: r.method, pattern: `/${r.segments.join('/')}`, handler: r.handler }));
  }

  match(method: string, path: string): RouteMatch<H> | undefined {
    const parts = split(path);
    for (const route of this.#routes) {
      if (route.method !== method || route.segments.length !== parts.length) continue;
      const params: RouteParams = {};
      const matches = route.segments.every((segment, i) => {
        const part = decodeSegment(parts[i]!);
        if (segment.startsWith(':')) {
          params[segment.slice(1)] = part;
          return true;
        }
        return segment === part;
      });
      if (matches) return { handler: route.handler, params };
    }
    return undefined;
  }
}
