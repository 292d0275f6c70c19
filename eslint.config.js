import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import restrictions that keep each process in its lane (see docs/architecture.md). */
const electronOnlyInGlue = {
  paths: [{ name: 'electron', message: 'Only src-main/index.ts and src-main/electron/ may import electron.' }],
};
const rendererCode = { group: ['**/src-renderer/**'], message: 'Main and preload code never import renderer code.' };

/**
 * Layers inside the renderer: `ui/` is shared by every feature, so it may not import one, and a
 * feature (`features/<area>/`) may not import another; `connections/` and `workspace/` stay open to
 * all. Resolved from the file's folder, because a relative import does not name its target folder.
 */
const rendererRoot = path.resolve(import.meta.dirname, 'src-renderer');
const rendererAreaOf = (file) => {
  const [top, feature] = path.relative(rendererRoot, file).split(path.sep);
  return top === 'features' && feature ? `features/${feature}` : top;
};
const rendererLayers = {
  rules: {
    'no-restricted-imports': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          uiImportsFeature: 'ui/ is shared by every feature and may not import {{target}}.',
          featureImportsFeature: '{{from}} may not import {{target}}: move what both need to connections/, workspace/ or ui/.',
        },
      },
      create(context) {
        const from = rendererAreaOf(context.filename);
        const check = (source) => {
          if (typeof source?.value !== 'string' || !source.value.startsWith('.')) return;
          const target = rendererAreaOf(path.resolve(path.dirname(context.filename), source.value));
          if (!target.startsWith('features/') || target === from) return;
          if (from === 'ui') context.report({ node: source, messageId: 'uiImportsFeature', data: { target } });
          else if (from.startsWith('features/')) context.report({ node: source, messageId: 'featureImportsFeature', data: { from, target } });
        };
        return {
          ImportDeclaration: (node) => check(node.source),
          ImportExpression: (node) => check(node.source),
          ExportNamedDeclaration: (node) => check(node.source),
          ExportAllDeclaration: (node) => check(node.source),
        };
      },
    },
  },
};

/** Inside core: http ← back ends ← profiles/clients, never the other way (docs/architecture.md, "Core map"). */
const coreFolder = (names) => `^(\\.\\./)+(${names})(/|$)|/core/(${names})(/|$)`;
const backEnds = 'gateway|support|firewall';
const httpKnowsNoBackEnd = {
  regex: coreFolder(`${backEnds}|profiles|clients`),
  message: 'core/http is generic: a back end gives it what it needs (its connector, its error dialect).',
};
const backEndKnowsNoProfiles = {
  regex: coreFolder('profiles|clients'),
  message: 'A back end knows nothing of profiles: the client registry opens its client with the settings it needs.',
};
const wireKnowsNoBackEnd = {
  regex: coreFolder(`${backEnds}|profiles|clients`),
  message: 'core/wire is the reading toolkit of every back end: a back end gives it its alias lists, never the other way.',
};
const profilesKnowNoBackEnd = {
  regex: coreFolder(`${backEnds}|clients`),
  message: 'Profiles get what they need of a back end injected (app-services.ts), so no folder cycle forms.',
};
/** What a handler may not hold: it delegates to a service in one expression (house rule 2). */
const noRuleInHandler = 'Handlers delegate in one expression; a decision belongs in the service.';
const handlerRules = [
  'ArrowFunctionExpression > BlockStatement',
  'ConditionalExpression',
  'LogicalExpression',
  'IfStatement',
  'SwitchStatement',
  'TryStatement',
  'ThrowStatement',
  'ForStatement',
  'ForOfStatement',
  'ForInStatement',
  'WhileStatement',
  'AwaitExpression',
].map((selector) => ({ selector, message: noRuleInHandler }));
const mainRules = (...patterns) => ({
  'no-restricted-imports': ['error', { ...electronOnlyInGlue, patterns: [rendererCode, ...patterns] }],
});

export default tseslint.config(
  { ignores: ['out/', 'dist/', 'node_modules/', 'screenshots/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src-main/**/*.ts'],
    ignores: ['src-main/index.ts', 'src-main/electron/**'],
    rules: {
      'no-restricted-imports': ['error', { ...electronOnlyInGlue, patterns: [rendererCode] }],
    },
  },
  { files: ['src-main/core/http/**/*.ts'], rules: mainRules(httpKnowsNoBackEnd) },
  { files: ['src-main/core/wire/**/*.ts'], rules: mainRules(wireKnowsNoBackEnd) },
  { files: ['src-main/core/{gateway,support,firewall}/**/*.ts'], rules: mainRules(backEndKnowsNoProfiles) },
  { files: ['src-main/core/profiles/**/*.ts'], rules: mainRules(profilesKnowNoBackEnd) },
  {
    // Handlers delegate in one expression (house rule 2): the rules live in services, so a handler
    // imports nothing of core but types and the services, and holds no branch, loop or error of its own.
    files: ['src-main/ipc/handlers/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+core/(?!app-services\\.ts$)',
              allowTypeImports: true,
              message: 'A handler reaches core only through the services (AppServices); put the rule in a service.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...handlerRules,
        { selector: 'ArrowFunctionExpression ArrowFunctionExpression', message: 'A handler passes no function of its own to a service: the service does the whole job.' },
      ],
    },
  },
  {
    files: ['src-main/index.ts', 'src-main/electron/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [rendererCode] }] },
  },
  {
    // Catalogs and language rules every process uses, so they import no process's code.
    files: ['src-shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'src-shared runs in every process: no Electron.' }],
          patterns: [
            { group: ['**/src-main/**', '**/src-renderer/**', '**/src-preload/**', 'node:*'], message: 'src-shared runs in every process: it imports no process code and no Node.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src-preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!electron$|zod$|virtual:opsdesk-contract-manifest$|\\./|\\.\\./contract/|\\.\\./\\.\\./src-shared/).*',
              message: 'The preload imports only electron, the contract and src-shared.',
            },
            { group: ['**/src-main/**', '**/src-renderer/**'], message: 'The preload imports only electron and the contract.' },
          ],
        },
      ],
    },
  },
  {
    // A contract area split per feature (contract/support/) imports the contract's shared files one folder up.
    files: ['src-preload/contract/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|\\./|\\.\\./[a-z-]+\\.ts$|\\.\\./\\.\\./\\.\\./src-shared/).*',
              message: 'The contract imports only zod, itself and src-shared.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'renderer-layers': rendererLayers },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'renderer-layers/no-restricted-imports': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The renderer never imports electron; it uses window.opsdesk.' }],
          patterns: [
            { group: ['**/src-main/**', 'node:*'], message: 'The renderer runs sandboxed: no main-process or Node code.' },
            {
              group: ['**/src-preload/**', '!**/src-preload/contract', '!**/src-preload/contract/**'],
              message: 'The renderer reaches the preload only through the contract.',
            },
          ],
        },
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src-preload/contract/**'],
              allowTypeImports: true,
              message: 'The renderer imports only types from the contract.',
            },
          ],
        },
      ],
    },
  },
  {
    // Components reach main through their feature's hooks (`*-data.ts`, stores), never the bridge.
    files: ['src-renderer/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "ImportDeclaration[source.value=/(^|\\/)bridge(\\.ts)?$/]", message: 'A component uses its feature\'s hooks (features/<area>/*-data.ts), not the bridge.' },
        { selector: "ImportExpression[source.value=/(^|\\/)bridge(\\.ts)?$/]", message: 'A component uses its feature\'s hooks (features/<area>/*-data.ts), not the bridge.' },
        { selector: "MemberExpression[object.name='window'][property.name='opsdesk']", message: 'A component uses its feature\'s hooks (features/<area>/*-data.ts), not window.opsdesk.' },
        { selector: "MemberExpression[object.name='globalThis'][property.name='opsdesk']", message: 'A component uses its feature\'s hooks (features/<area>/*-data.ts), not window.opsdesk.' },
      ],
    },
  },
);
