import { opsdesk } from '../../data/bridge.ts';
import { useIpcQuery } from '../../data/ipc-query.ts';
import { profileKeys } from '../../data/query-keys.ts';

/** Both certificates of a pinned connection whose server changed its own; read afresh each time the dialog opens (it may have changed again). */
export function useCertificateChange(profileId: string) {
  return useIpcQuery(profileKeys.certificateChange(profileId), () => opsdesk.profiles.certificateChange({ id: profileId }), { gcTime: 0 });
}
