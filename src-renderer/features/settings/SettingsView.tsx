import { opsdesk } from '../../bridge.ts';
import { useBridgeQuery } from '../../ui/use-bridge-query.ts';

export function SettingsView() {
  const [info] = useBridgeQuery(() => opsdesk.app.info());
  return (
    <div className="view settings-view">
      <header className="view-header">
        <h1>Settings</h1>
      </header>
      <section className="card">
        <h2>About</h2>
        {info.status === 'ready' && (
          <p>
            OpsDesk {info.data.version} on {info.data.platform}
          </p>
        )}
        {info.status === 'failed' && <p className="error-message">{info.error.message}</p>}
      </section>
    </div>
  );
}
