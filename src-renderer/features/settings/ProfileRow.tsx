import { useState } from 'react';
import type { IpcError } from '../../../src-preload/contract/define.ts';
import type { ProfileView } from '../../../src-preload/contract/profiles.ts';
import { ConnectionSummaryText } from '../../connections/ConnectionSummaryText.tsx';
import { useProfilesStore } from '../../connections/profiles-store.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { LiveBadge } from '../../ui/LiveBadge.tsx';

const trustLabels: Record<ProfileView['trust']['mode'], string> = {
  system: 'system certificates',
  'system-plus-ca': 'system certificates + imported CA',
  'ca-only': 'imported CA only',
  pinned: 'pinned certificate',
};

interface Props {
  profile: ProfileView;
  onEdit(): void;
  onReviewCertificate(): void;
}

export function ProfileRow({ profile, onEdit, onReviewCertificate }: Props) {
  const test = useProfilesStore((state) => state.tests[profile.id]);
  const runTest = useProfilesStore((state) => state.test);
  const remove = useProfilesStore((state) => state.remove);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleteError, setDeleteError] = useState<IpcError | null>(null);
  const onDelete = async () => {
    const result = await remove(profile.id);
    if (!result.ok) {
      setConfirmingDelete(false);
      setDeleteError(result.error);
    }
  };

  return (
    <li className="profile-row" aria-label={`${profile.name} connection`}>
      <div className="profile-main">
        <div className="profile-title">
          <strong>{profile.name}</strong>
          {profile.live && <LiveBadge />}
        </div>
        <div className="profile-meta">
          <span>{profile.baseUrl}</span>
          <span>{profile.hasKey ? `key ${profile.keyHint ?? 'stored'}` : 'no key stored'}</span>
          <span>trusts {trustLabels[profile.trust.mode]}</span>
        </div>
        {deleteError && <ErrorNotice error={deleteError} title="Not deleted" />}
        <div className="profile-test" aria-live="polite">
          {test?.state === 'running' && <span className="muted">Testing the connection…</span>}
          {test?.state === 'passed' && (
            <span className="text-ok">
              Connected · <ConnectionSummaryText summary={test.report.summary} />
            </span>
          )}
          {test?.state === 'failed' && (
            <>
              <ErrorNotice error={test.error} title="Connection failed" />
              {(test.error.code === 'untrusted_certificate' || test.error.code === 'certificate_chain_incomplete') && test.error.certificate && (
                <button type="button" className="button" onClick={onReviewCertificate}>
                  Review certificate…
                </button>
              )}
            </>
          )}
        </div>
      </div>
      <div className="profile-actions">
        {confirmingDelete ? (
          <>
            <span>Delete it and its key?</span>
            <button type="button" className="button-danger" autoFocus onClick={() => void onDelete()}>
              Delete
            </button>
            <button type="button" className="button" onClick={() => setConfirmingDelete(false)}>
              Keep
            </button>
          </>
        ) : (
          <>
            <button type="button" className="button" disabled={test?.state === 'running'} onClick={() => void runTest(profile.id)}>
              Test connection
            </button>
            <button type="button" className="button" onClick={onEdit}>
              Edit
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setDeleteError(null);
                setConfirmingDelete(true);
              }}
            >
              Delete
            </button>
          </>
        )}
      </div>
    </li>
  );
}
