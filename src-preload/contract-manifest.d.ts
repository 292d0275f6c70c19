declare module 'virtual:opsdesk-contract-manifest' {
  import type { ContractManifest } from '../src-shared/contract/manifest.ts';
  const manifest: ContractManifest;
  export default manifest;
}
