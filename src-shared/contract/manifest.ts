import type { ContractSpec } from './define.ts';

/** The names in a contract without its schemas: all the preload needs to build the facade. */
export type ContractManifest = Record<string, { calls: string[]; events: string[] }>;

export function manifestOf(contract: ContractSpec): ContractManifest {
  return Object.fromEntries(
    Object.entries(contract).map(([area, spec]) => [
      area,
      { calls: Object.keys(spec.calls), events: Object.keys(spec.events) },
    ]),
  );
}
