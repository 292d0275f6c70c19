export { CertificateChangeDialog } from './CertificateChangeDialog.tsx';
export { ConnectionSummaryText } from './ConnectionSummaryText.tsx';
export { KeyAccess, useKeyTypeText } from './KeyAccess.tsx';
export { ProfileForm } from './ProfileForm.tsx';
export { ServiceConnection } from './ServiceConnection.tsx';
export { useConnectionState } from './connection-state.ts';
export {
  profileWithSite,
  profilesOf,
  readProfiles,
  serviceOrder,
  useConnectionTest,
  useProfile,
  useProfileList,
  useProfiles,
  useRemoveProfile,
  useRunConnectionTest,
  useSaveProfile,
  useTrustCertificate,
} from './connections-data.ts';
