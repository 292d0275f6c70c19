import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function layeringErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((message) => message.ruleId?.endsWith('no-restricted-imports'))
    .map((message) => message.message);
}

describe('lint enforces the process layering', () => {
  test.each([
    ['src-main/core/db/leak.ts', "import { app } from 'electron';\nexport const x = app;\n"],
    ['src-main/ipc/leak.ts', "import { ipcMain } from 'electron';\nexport const x = ipcMain;\n"],
    ['src-main/core/leak.ts', "import { App } from '../../src-renderer/App.tsx';\nexport const x = App;\n"],
    ['src-preload/leak.ts', "import { fetch } from 'undici';\nexport const x = fetch;\n"],
    ['src-preload/leak.ts', "import { openDatabase } from '../src-main/core/db/database.ts';\nexport const x = openDatabase;\n"],
    ['src-preload/contract/support/leak.ts', "import { openDatabase } from '../../../src-main/core/db/database.ts';\nexport const x = openDatabase;\n"],
    ['src-preload/contract/support/leak.ts', "import { fetch } from 'undici';\nexport const x = fetch;\n"],
    ['src-renderer/leak.ts', "import { ipcRenderer } from 'electron';\nexport const x = ipcRenderer;\n"],
    ['src-renderer/leak.ts', "import { readFile } from 'node:fs/promises';\nexport const x = readFile;\n"],
    ['src-renderer/leak.ts', "import { openDatabase } from '../src-main/core/db/database.ts';\nexport const x = openDatabase;\n"],
    ['src-renderer/leak.ts', "import { workspaceStateSchema } from '../src-preload/contract/workspace.ts';\nexport const x = workspaceStateSchema;\n"],
    ['src-renderer/leak.ts', "import { buildFacade } from '../src-preload/facade.ts';\nexport const x = buildFacade;\n"],
    ['src-main/core/http/leak.ts', "import { gatewayDialect } from '../gateway/error-dialect.ts';\nexport const x = gatewayDialect;\n"],
    ['src-main/core/http/leak.ts', "import { supportConnector } from '../support/connector.ts';\nexport const x = supportConnector;\n"],
    ['src-main/core/http/leak.ts', "import type { FirewallClient } from '../firewall/client.ts';\nexport type X = FirewallClient;\n"],
    ['src-main/core/http/leak.ts', "import { ProfileService } from '../profiles/profile-service.ts';\nexport const x = ProfileService;\n"],
    ['src-main/core/http/leak.ts', "import { ClientRegistry } from '../clients/client-registry.ts';\nexport const x = ClientRegistry;\n"],
    ['src-main/core/http/leak.ts', "import { app } from 'electron';\nexport const x = app;\n"],
    ['src-main/core/gateway/leak.ts', "import { ProfileService } from '../profiles/profile-service.ts';\nexport const x = ProfileService;\n"],
    ['src-main/core/support/leak.ts', "import type { ProfileRecord } from '../profiles/profile-record.ts';\nexport type X = ProfileRecord;\n"],
    ['src-main/core/firewall/alerts/leak.ts', "import { ClientRegistry } from '../../clients/client-registry.ts';\nexport const x = ClientRegistry;\n"],
    ['src-main/core/firewall/leak.ts', "import { App } from '../../../src-renderer/App.tsx';\nexport const x = App;\n"],
    ['src-main/core/profiles/leak.ts', "import { gatewayConnector } from '../gateway/connector.ts';\nexport const x = gatewayConnector;\n"],
    ['src-main/core/profiles/leak.ts', "import { ClientRegistry } from '../clients/client-registry.ts';\nexport const x = ClientRegistry;\n"],
    ['src-main/core/wire/leak.ts', "import { supportDialect } from '../support/error-dialect.ts';\nexport const x = supportDialect;\n"],
    ['src-main/core/wire/leak.ts', "import { ProfileService } from '../profiles/profile-service.ts';\nexport const x = ProfileService;\n"],
  ])('%s: a forbidden import fails lint', async (filePath, code) => {
    expect(await layeringErrors(filePath, code)).not.toEqual([]);
  });

  test.each([
    ['src-main/electron/leak.ts', "import { app } from 'electron';\nexport const x = app;\n"],
    ['src-main/index.ts', "import { app } from 'electron';\nexport const x = app;\n"],
    ['src-main/core/gateway/ok.ts', "import { createHttpClient } from '../http/client.ts';\nexport const x = createHttpClient;\n"],
    ['src-main/core/firewall/alerts/ok.ts', "import { Poller } from '../../lifecycle/poller.ts';\nexport const x = Poller;\n"],
    ['src-main/core/firewall/alerts/ok.ts', "import { readRecords } from '../../wire/read.ts';\nexport const x = readRecords;\n"],
    ['src-main/core/clients/ok.ts', "import { ProfileService } from '../profiles/profile-service.ts';\nexport const x = ProfileService;\n"],
    ['src-main/core/app-services.ts', "import { gatewayConnector } from './gateway/connector.ts';\nexport const x = gatewayConnector;\n"],
    ['src-preload/index.ts', "import { ipcRenderer } from 'electron';\nimport { contract } from './contract/index.ts';\nexport const x = [ipcRenderer, contract];\n"],
    ['src-renderer/ok.ts', "import type { WorkspaceState } from '../src-preload/contract/workspace.ts';\nexport type X = WorkspaceState;\n"],
  ])('%s: an allowed import passes', async (filePath, code) => {
    expect(await layeringErrors(filePath, code)).toEqual([]);
  });
});

describe('lint enforces the layers inside the renderer', () => {
  test.each([
    ['src-renderer/ui/Leak.tsx', "import { ChatView } from '../features/chat/ChatView.tsx';\nexport const x = ChatView;\n"],
    ['src-renderer/ui/Leak.tsx', "export { SettingsView } from '../features/settings/SettingsView.tsx';\n"],
    ['src-renderer/features/firewall/Leak.tsx', "import { ProfileForm } from '../settings/ProfileForm.tsx';\nexport const x = ProfileForm;\n"],
    ['src-renderer/features/firewall/alerts/Leak.tsx', "import { ChatView } from '../../chat/ChatView.tsx';\nexport const x = ChatView;\n"],
    ['src-renderer/features/firewall/Leak.tsx', "export const x = () => import('../tickets/TicketsView.tsx');\n"],
  ])('%s: a forbidden import fails lint', async (filePath, code) => {
    expect(await layeringErrors(filePath, code)).not.toEqual([]);
  });

  test.each([
    ['src-renderer/features/firewall/Ok.tsx', "import { FirewallView } from './FirewallView.tsx';\nexport const x = FirewallView;\n"],
    ['src-renderer/features/firewall/alerts/Ok.tsx', "import { FirewallView } from '../FirewallView.tsx';\nexport const x = FirewallView;\n"],
    ['src-renderer/features/firewall/Ok.tsx', "import { ServiceConnection } from '../../connections/ServiceConnection.tsx';\nimport { useWorkspaceStore } from '../../workspace/workspace-store.ts';\nimport { ErrorNotice } from '../../ui/ErrorNotice.tsx';\nexport const x = [ServiceConnection, useWorkspaceStore, ErrorNotice];\n"],
    ['src-renderer/workspace/Ok.tsx', "import { ChatView } from '../features/chat/ChatView.tsx';\nexport const x = ChatView;\n"],
  ])('%s: an allowed import passes', async (filePath, code) => {
    expect(await layeringErrors(filePath, code)).toEqual([]);
  });
});

async function handlerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-syntax' || message.ruleId?.endsWith('no-restricted-imports'))
    .map((message) => message.message);
}

const handlerFile = (body: string, imports = '') =>
  `import type { AppServices } from '../../core/app-services.ts';\n${imports}export function notesHandlers(services: AppServices) {\n  return {\n${body}\n  };\n}\n`;

describe('lint keeps back-end rules out of ipc/ (handlers delegate in one expression)', () => {
  test.each([
    ['a block body', "    syncNow: ({ profileId }) => {\n      services.firewall.syncNow(profileId);\n      return null;\n    },"],
    ['a condition', '    ticket: ({ profileId, ticketId, fresh }) => (fresh ? services.support.tickets.detail(profileId, ticketId, true) : null),'],
    ['a default by ||', "    access: ({ profileId }) => services.support.access.get(profileId || 'default', false),"],
    ['a wrapper that decides for the service', '    block: ({ profileId, ip }) => services.firewall.guard(profileId, () => services.firewall.blocks.block(profileId, ip, 0, \'\')),'],
    ['an await', '    list: async () => (await services.profiles.list()).length,'],
  ])('%s fails lint', async (_what, body) => {
    expect(await handlerErrors('src-main/ipc/handlers/notes.ts', handlerFile(body))).not.toEqual([]);
  });

  test('a handler that imports a back end module, not through the services, fails lint', async () => {
    const imports = "import { openExternalLink } from '../../core/external-url.ts';\n";
    expect(await handlerErrors('src-main/ipc/handlers/notes.ts', handlerFile('    open: ({ url }) => openExternalLink(services.platform, url),', imports))).not.toEqual([]);
  });

  test('one-line delegation, and types from core, pass', async () => {
    const imports = "import type { TicketQuery } from '../../core/support/tickets/ticket-service.ts';\n";
    const body = '    tickets: (query: TicketQuery) => services.support.tickets.query(query),\n    syncNow: ({ profileId, resource }) => services.support.syncNow(profileId, resource),';
    expect(await handlerErrors('src-main/ipc/handlers/notes.ts', handlerFile(body, imports))).toEqual([]);
  });
});
