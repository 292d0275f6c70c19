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
    ['src-shared/contract/support/leak.ts', "import { openDatabase } from '../../../src-main/core/db/database.ts';\nexport const x = openDatabase;\n"],
    ['src-shared/contract/support/leak.ts', "import { fetch } from 'undici';\nexport const x = fetch;\n"],
    ['src-renderer/leak.ts', "import { ipcRenderer } from 'electron';\nexport const x = ipcRenderer;\n"],
    ['src-renderer/leak.ts', "import { readFile } from 'node:fs/promises';\nexport const x = readFile;\n"],
    ['src-renderer/leak.ts', "import { openDatabase } from '../src-main/core/db/database.ts';\nexport const x = openDatabase;\n"],
    ['src-renderer/leak.ts', "import { workspaceStateSchema } from '../src-shared/contract/workspace.ts';\nexport const x = workspaceStateSchema;\n"],
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
    ['src-preload/index.ts', "import { ipcRenderer } from 'electron';\nimport { contract } from '../src-shared/contract/index.ts';\nexport const x = [ipcRenderer, contract];\n"],
    ['src-renderer/ok.ts', "import type { WorkspaceState } from '../src-shared/contract/workspace.ts';\nexport type X = WorkspaceState;\n"],
  ])('%s: an allowed import passes', async (filePath, code) => {
    expect(await layeringErrors(filePath, code)).toEqual([]);
  });
});

describe('lint enforces the floors of the window', () => {
  test.each([
    // ui/ is below every feature
    ['src-renderer/ui/Leak.tsx', "import { ChatView } from '../features/chat/ChatView.tsx';\nexport const x = ChatView;\n"],
    ['src-renderer/ui/Leak.tsx', "export { SettingsView } from '../features/settings/SettingsView.tsx';\n"],
    ['src-renderer/ui/Leak.tsx', "import { useProfilesStore } from '../features/connections/index.ts';\nexport const x = useProfilesStore;\n"],
    // navigation/, language/ and data/ are below ui/ and every feature
    ['src-renderer/navigation/leak.ts', "import { ErrorNotice } from '../ui/ErrorNotice.tsx';\nexport const x = ErrorNotice;\n"],
    ['src-renderer/navigation/leak.ts', "import { knownTitle } from '../features/chat/chat-store.ts';\nexport const x = knownTitle;\n"],
    ['src-renderer/language/leak.ts', "import { useWorkspaceStore } from '../navigation/workspace-store.ts';\nexport const x = useWorkspaceStore;\n"],
    ['src-renderer/data/leak.ts', "import { useErrorText } from '../language/use-error-text.ts';\nexport const x = useErrorText;\n"],
    // the shell is imported by none but the entry files
    ['src-renderer/features/firewall/Leak.tsx', "import { commands } from '../../shell/commands.ts';\nexport const x = commands;\n"],
    ['src-renderer/ui/Leak.tsx', "import { TabBar } from '../shell/TabBar.tsx';\nexport const x = TabBar;\n"],
    // a feature reaches another only through its index, even one folder down
    ['src-renderer/features/firewall/Leak.tsx', "import { ProfileForm } from '../settings/ProfileForm.tsx';\nexport const x = ProfileForm;\n"],
    ['src-renderer/features/firewall/alerts/Leak.tsx', "import { ItemCases } from '../../cases/ItemCases.tsx';\nexport const x = ItemCases;\n"],
    ['src-renderer/features/support/Leak.tsx', "export { useOutboxStore } from '../outbox/outbox-store.ts';\n"],
    // a folder that is no floor
    ['src-renderer/features/chat/Leak.tsx', "import { x } from '../../workspace/x.ts';\nexport const y = x;\n"],
  ])('%s: an import up a floor or into a room fails lint', async (filePath, code) => {
    expect(await layeringErrors(filePath, code)).not.toEqual([]);
  });

  test.each([
    ['src-renderer/features/firewall/Ok.tsx', "import { FirewallView } from './FirewallView.tsx';\nexport const x = FirewallView;\n"],
    ['src-renderer/features/firewall/alerts/Ok.tsx', "import { FirewallView } from '../FirewallView.tsx';\nexport const x = FirewallView;\n"],
    ['src-renderer/features/firewall/Ok.tsx', "import { ServiceConnection } from '../connections/index.ts';\nimport { useWorkspaceStore } from '../../navigation/workspace-store.ts';\nimport { ErrorNotice } from '../../ui/ErrorNotice.tsx';\nexport const x = [ServiceConnection, useWorkspaceStore, ErrorNotice];\n"],
    ['src-renderer/features/chat/Ok.tsx', "export const x = () => import('../firewall/triage/TriagePanel.tsx');\n"],
    ['src-renderer/ui/ok.ts', "import { useWorkspaceStore } from '../navigation/workspace-store.ts';\nimport { opsdesk } from '../data/bridge.ts';\nexport const x = [useWorkspaceStore, opsdesk];\n"],
    ['src-renderer/shell/Ok.tsx', "import { ChatView } from '../features/chat/ChatView.tsx';\nexport const x = ChatView;\n"],
    ['src-renderer/App.tsx', "import { Workspace } from './shell/Workspace.tsx';\nexport const x = Workspace;\n"],
  ])('%s: an import down a floor, inside a room or through an index passes', async (filePath, code) => {
    expect(await layeringErrors(filePath, code)).toEqual([]);
  });
});
