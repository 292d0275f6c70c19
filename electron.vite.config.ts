import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { contract } from './src-shared/contract/index.ts';
import { manifestOf } from './src-shared/contract/manifest.ts';
import { contentSecurityPolicyFor } from './src-main/electron/content-security-policy.ts';

/** The preload gets the contract's names at build time, not its schemas: it stays tiny. */
function contractManifest(): Plugin {
  const id = 'virtual:opsdesk-contract-manifest';
  return {
    name: 'opsdesk-contract-manifest',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (resolved) => (resolved === `\0${id}` ? `export default ${JSON.stringify(manifestOf(contract))};` : undefined),
  };
}

/**
 * `electron-vite dev` serves the renderer with the app's CSP as a header; Vite puts this run's nonce
 * on the scripts and styles it injects (React refresh's inline preamble). A build gets neither.
 */
function devServerSecurity(command: 'serve' | 'build') {
  if (command !== 'serve') return {};
  const nonce = randomBytes(16).toString('base64');
  return { html: { cspNonce: nonce }, server: { headers: { 'content-security-policy': contentSecurityPolicyFor({ nonce }) } } };
}

export default defineConfig(({ command }) => ({
  main: {
    build: {
      outDir: 'out/main',
      rolldownOptions: { input: { index: resolve('src-main/index.ts'), 'database-worker': resolve('src-main/core/worker/worker-entry.ts') } },
    },
  },
  preload: {
    plugins: [contractManifest()],
    build: {
      outDir: 'out/preload',
      // Sandboxed preloads cannot require modules: bundle everything into one CommonJS file.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve('src-preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src-renderer',
    plugins: [react()],
    ...devServerSecurity(command),
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves every bundle unminified; only the renderer's size matters at start-up.
      minify: true,
      // What the first screen needs is one script: split by which views share it, it was 23 files
      // the window fetched before it could start (P4). The views opened later stay chunks of their own.
      rolldownOptions: {
        input: { index: resolve('src-renderer/index.html') },
        output: { codeSplitting: { groups: [{ name: 'start', tags: ['$initial'] }] } },
      },
      // The start script is that one file; `npm run bench` (P4) weighs it.
      chunkSizeWarningLimit: 1024,
    },
  },
}));
