import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function bridgeErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message);
}

describe('lint keeps the bridge out of components', () => {
  test.each([
    ['src-renderer/features/firewall/Leak.tsx', "import { opsdesk } from '../../bridge.ts';\nexport const x = opsdesk;\n"],
    ['src-renderer/features/firewall/alerts/Leak.tsx', "import { opsdesk } from '../../../bridge';\nexport const x = opsdesk;\n"],
    ['src-renderer/ui/Leak.tsx', 'export const x = () => window.opsdesk.app.info();\n'],
    ['src-renderer/Leak.tsx', 'export const x = () => globalThis.opsdesk;\n'],
    ['src-renderer/features/chat/Leak.tsx', "export const x = () => import('../../bridge.ts');\n"],
  ])('%s: a component that reaches the bridge fails lint', async (filePath, code) => {
    expect(await bridgeErrors(filePath, code)).not.toEqual([]);
  });

  test.each([
    ['src-renderer/features/firewall/firewall-data.ts', "import { opsdesk } from '../../bridge.ts';\nexport const x = () => opsdesk.firewall;\n"],
    ['src-renderer/features/firewall/Ok.tsx', "import { useBlocklist } from './firewall-data.ts';\nexport const x = useBlocklist;\n"],
    ['src-renderer/features/firewall/Ok.tsx', "import { bridgeWords } from './bridge-words.ts';\nexport const x = bridgeWords;\n"],
  ])('%s: a feature hook file, or a component using one, passes', async (filePath, code) => {
    expect(await bridgeErrors(filePath, code)).toEqual([]);
  });
});
