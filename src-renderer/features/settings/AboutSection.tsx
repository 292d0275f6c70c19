import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../ui/copy-text.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { diagnosticsRows, diagnosticsText } from './diagnostics-text.ts';
import { useDiagnostics } from './about-data.ts';
import { useAboutRequest } from './use-about.ts';

/** Versions, folders, keychain, certificates and proxies: what an analyst sends to their IT. */
export function AboutSection() {
  const { t } = useTranslation();
  const id = useId();
  const [includeHosts, setIncludeHosts] = useState(false);
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const diagnostics = useDiagnostics(includeHosts);
  const rows = useMemo(() => (diagnostics.data ? diagnosticsRows(diagnostics.data, t) : []), [diagnostics.data, t]);
  const heading = useRef<HTMLHeadingElement>(null);
  const requested = useAboutRequest((state) => state.pending);
  useEffect(() => {
    if (!requested) return;
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus();
    useAboutRequest.setState({ pending: false });
  }, [requested]);

  const copy = async () => setCopied((await copyText(diagnosticsText(rows))) ? 'copied' : 'failed');

  return (
    <section className="card about-section" aria-labelledby={`${id}-heading`} data-settings-section="about">
      <h2 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        {t('settings.about.heading')}
      </h2>
      {diagnostics.isError && <ErrorNotice error={diagnostics.error} />}
      {diagnostics.isSuccess && (
        <dl className="about-diagnostics">
          {rows.map(({ label, value }) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className="field">
        <label>
          <input
            type="checkbox"
            checked={includeHosts}
            onChange={(event) => {
              setIncludeHosts(event.target.checked);
              setCopied(null);
            }}
            aria-describedby={`${id}-hosts-help`}
          />{' '}
          {t('settings.about.includeHosts')}
        </label>
        <span id={`${id}-hosts-help`} className="field-help">
          {t('settings.about.includeHostsHelp')}
        </span>
      </div>
      <div className="actions">
        <button type="button" onClick={() => void copy()} disabled={!diagnostics.isSuccess}>
          {t('settings.about.copy')}
        </button>
        {copied && (
          <span role="status" className="muted">
            {t(copied === 'copied' ? 'settings.about.copied' : 'settings.about.copyFailed')}
          </span>
        )}
      </div>
    </section>
  );
}
