export { CertificateChangeDialog } from './CertificateChangeDialog.tsx';
export { ConnectionSummaryText } from './ConnectionSummaryText.tsx';
export { ServiceConnection } from './ServiceConnection.tsx';
export { useConnectionState } from './connection-state.ts';
export { profilesOf, serviceOrder, useProfilesStore } from './profiles-store.ts';
