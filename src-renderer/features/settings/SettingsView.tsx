import { useEffect } from 'react';
import { opsdesk } from '../../bridge.ts';
import { serviceOrder, useProfilesStore } from '../../connections/profiles-store.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { useBridgeQuery } from '../../ui/use-bridge-query.ts';
import { ServiceSection } from './ServiceSection.tsx';

export function SettingsView() {
  const [info] = useBridgeQuery(() => opsdesk.app.info());
  const status = useProfilesStore((state) => state.status);
  const loadError = useProfilesStore((state) => state.loadError);
  const keychain = useProfilesStore((state) => state.keychain);
  const load = useProfilesStore((state) => state.load);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="view settings-view">
      <header className="view-header">
        <h1>Settings</h1>
      </header>
      {keychain?.kind === 'session-only' && (
        <div className="notice notice-warning" role="alert">
          <strong>Keys are kept for this session only.</strong>
          <p>{keychain.reason}</p>
        </div>
      )}
      {keychain?.kind === 'waiting' && <p className="muted" role="status">{keychain.reason}</p>}
      {keychain?.kind === 'os-keychain' && <p className="muted">API keys are stored in the operating system’s keychain.</p>}
      {status === 'failed' && loadError && <ErrorNotice error={loadError} title="Connections could not be loaded" />}
      {status === 'loading' && <p className="muted">Loading connections…</p>}
      {status === 'ready' && serviceOrder.map((service) => <ServiceSection key={service} service={service} />)}
      <section className="card">
        <h2>About</h2>
        {info.status === 'ready' && (
          <p>
            OpsDesk {info.data.version} on {info.data.platform}
          </p>
        )}
        {info.status === 'failed' && <ErrorNotice error={info.error} />}
      </section>
    </div>
  );
}
