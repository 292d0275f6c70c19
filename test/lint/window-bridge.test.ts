import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function bridgeErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === 'renderer-layers/bridge-in-data-layer').map((message) => message.message);
}

describe('lint keeps the bridge in the data layer', () => {
  test.each([
    ['src-renderer/features/firewall/Leak.tsx', "import { opsdesk } from '../../data/bridge.ts';\nexport const x = opsdesk;\n"],
    ['src-renderer/features/firewall/alerts/Leak.tsx', "import { opsdesk } from '../../../data/bridge';\nexport const x = opsdesk;\n"],
    ['src-renderer/ui/Leak.tsx', 'export const x = () => window.opsdesk.app.info();\n'],
    ['src-renderer/Leak.tsx', 'export const x = () => globalThis.opsdesk;\n'],
    ['src-renderer/features/chat/Leak.tsx', "export const x = () => import('../../data/bridge.ts');\n"],
  ])('%s: a component that reaches the bridge fails lint', async (filePath, code) => {
    expect(await bridgeErrors(filePath, code)).not.toEqual([]);
  });

  test.each([
    ['src-renderer/ui/theme-store.ts', "import { opsdesk } from '../data/bridge.ts';\nexport const x = () => opsdesk.app.theme();\n"],
    ['src-renderer/features/firewall/alerts/alerts-store.ts', "export const x = () => import('../../../data/bridge.ts');\n"],
    ['src-renderer/navigation/workspace-store.ts', "export { opsdesk } from '../data/bridge.ts';\n"],
    ['src-renderer/language/language-store.ts', "export const x = () => window['opsdesk'].app.language();\n"],
    // A store is window-only state wherever it lives, the data floor included.
    ['src-renderer/data/cache-store.ts', "import { opsdesk } from './bridge.ts';\nexport const x = opsdesk;\n"],
  ])('%s: a store that reaches the bridge fails lint', async (filePath, code) => {
    expect(await bridgeErrors(filePath, code)).toEqual([expect.stringContaining('A store holds the window')]);
  });

  test.each([
    ['src-renderer/shell/commands.ts', "import { opsdesk } from '../data/bridge.ts';\nexport const x = opsdesk;\n"],
    ['src-renderer/features/assistant/draft-stream.ts', "import { opsdesk } from '../../data/bridge.ts';\nexport const x = opsdesk;\n"],
    ['src-renderer/features/settings/use-about.ts', "export const x = () => import('../../data/bridge.ts');\n"],
    ['src-renderer/features/cases/case-draft.ts', "export * from '../../data/bridge.ts';\n"],
  ])('%s: a module outside the data layer that reaches the bridge fails lint', async (filePath, code) => {
    expect(await bridgeErrors(filePath, code)).toEqual([expect.stringContaining('Only the data layer')]);
  });

  test.each([
    ['src-renderer/data/window-settings.ts', "import { opsdesk } from './bridge.ts';\nexport const x = () => opsdesk.app.theme();\n"],
    ['src-renderer/data/bridge.ts', 'export const x = () => window.opsdesk;\n'],
    ['src-renderer/features/firewall/firewall-data.ts', "import { opsdesk } from '../../data/bridge.ts';\nexport const x = () => opsdesk.firewall;\n"],
    ['src-renderer/features/settings/use-local-data.ts', "import { opsdesk } from '../../data/bridge.ts';\nexport const x = () => opsdesk.localData;\n"],
    ['src-renderer/shell/commands-data.ts', "export const x = () => import('../data/bridge.ts');\n"],
    ['src-renderer/ui/theme-store.ts', "import { savedTheme } from '../data/window-settings.ts';\nexport const x = savedTheme;\n"],
    ['src-renderer/features/firewall/Ok.tsx', "import { useBlocklist } from './firewall-data.ts';\nexport const x = useBlocklist;\n"],
    ['src-renderer/features/firewall/Ok.tsx', "import { bridgeWords } from './bridge-words.ts';\nexport const x = bridgeWords;\n"],
    // Only data/bridge.ts is the bridge: another module of that name is not.
    ['src-renderer/features/firewall/Ok.tsx', "import { bridgeWords } from './bridge.ts';\nexport const x = bridgeWords;\n"],
  ])('%s: the data layer, or a store or component using it, passes', async (filePath, code) => {
    expect(await bridgeErrors(filePath, code)).toEqual([]);
  });
});
