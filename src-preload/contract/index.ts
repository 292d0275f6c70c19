import type { Facade } from './define.ts';
import { app } from './app.ts';
import { gateway } from './gateway.ts';
import { profiles } from './profiles.ts';
import { workspace } from './workspace.ts';

export const contract = { app, profiles, workspace, gateway };
export type Contract = typeof contract;
export type OpsDeskApi = Facade<Contract>;

export * from './define.ts';
export * from './app.ts';
export * from './gateway.ts';
export * from './profiles.ts';
export * from './workspace.ts';
