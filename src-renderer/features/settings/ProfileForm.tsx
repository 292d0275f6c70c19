import { cloneElement, useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, InputHTMLAttributes, ReactElement } from 'react';
import type { IpcError } from '../../../src-preload/contract/define.ts';
import type { ProfileInput, ProfileView, ServiceName, SitePlacement, TrustInput } from '../../../src-preload/contract/profiles.ts';
import { serviceTitles, useProfilesStore } from '../../connections/profiles-store.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';

interface Props {
  service: ServiceName;
  profile?: ProfileView;
  onClose(): void;
  onSaved(profile: ProfileView): void;
}

const placeholders: Record<ServiceName, { url: string; key: string }> = {
  gateway: { url: 'https://gateway.example.com/v1', key: 'sk-…' },
  support: { url: 'https://support.example.com', key: 'svc_live_0123456789ab.secret' },
  firewall: { url: 'https://firewall.example.com:9443/api/v1', key: 'API key from the back office' },
};

const trustModes: { mode: TrustInput['mode']; label: string }[] = [
  { mode: 'system', label: 'System certificates' },
  { mode: 'system-plus-ca', label: 'System certificates and a CA I import' },
  { mode: 'ca-only', label: 'Only a CA I import' },
  { mode: 'pinned', label: 'A pinned certificate fingerprint (SHA-256)' },
];

interface FormState {
  name: string;
  baseUrl: string;
  apiKey: string;
  trustMode: TrustInput['mode'];
  caPem: string;
  pinnedSha256: string;
  rateTier: string;
  site: string;
  ratePerMinute: string;
  siteIn: 'auto' | SitePlacement;
  siteParameter: string;
  fwRequests: string;
  fwWindowSeconds: string;
  connectSeconds: string;
  headersSeconds: string;
  bodySeconds: string;
  streamIdleSeconds: string;
  proxyMode: 'none' | 'system' | 'explicit';
  proxyUrl: string;
}

function initialState(service: ServiceName, profile?: ProfileView): FormState {
  const settings = (profile?.settings ?? {}) as Record<string, unknown>;
  const rateLimit = (settings.rateLimit ?? {}) as { requests?: number; windowSeconds?: number };
  const timeouts = profile?.timeouts;
  return {
    name: profile?.name ?? '',
    baseUrl: profile?.baseUrl ?? '',
    apiKey: '',
    trustMode: profile?.trust.mode ?? 'system',
    caPem: '',
    pinnedSha256: profile?.trust.pinnedSha256 ?? '',
    rateTier: String(settings.rateTier ?? 60),
    site: String(settings.site ?? ''),
    ratePerMinute: String(settings.ratePerMinute ?? 60),
    siteIn: (settings.siteIn as FormState['siteIn'] | undefined) ?? 'auto',
    siteParameter: String(settings.siteParameter ?? ''),
    fwRequests: String(rateLimit.requests ?? 60),
    fwWindowSeconds: String(rateLimit.windowSeconds ?? 60),
    connectSeconds: String((timeouts?.connectMs ?? 10_000) / 1000),
    headersSeconds: String((timeouts?.headersMs ?? 30_000) / 1000),
    bodySeconds: String((timeouts?.bodyMs ?? 60_000) / 1000),
    streamIdleSeconds: String((timeouts?.streamIdleMs ?? 60_000) / 1000),
    proxyMode: profile?.proxy.mode ?? 'none',
    proxyUrl: profile?.proxy.mode === 'explicit' ? profile.proxy.url : '',
  };
}

const seconds = (value: string) => Math.round(Number(value) * 1000);

function toInput(service: ServiceName, form: FormState, profile?: ProfileView): ProfileInput {
  const trust: TrustInput =
    form.trustMode === 'system'
      ? { mode: 'system' }
      : form.trustMode === 'pinned'
        ? { mode: 'pinned', pinnedSha256: form.pinnedSha256 }
        : { mode: form.trustMode, ...(form.caPem.trim() ? { caPem: form.caPem } : {}) };
  const common = {
    ...(profile ? { id: profile.id } : {}),
    name: form.name,
    baseUrl: form.baseUrl,
    ...(form.apiKey.trim() ? { apiKey: form.apiKey.trim() } : {}),
    trust,
    timeouts: {
      connectMs: seconds(form.connectSeconds),
      headersMs: seconds(form.headersSeconds),
      bodyMs: seconds(form.bodySeconds),
      streamIdleMs: seconds(form.streamIdleSeconds),
    },
    proxy: form.proxyMode === 'explicit' ? { mode: 'explicit' as const, url: form.proxyUrl } : { mode: form.proxyMode },
  };
  switch (service) {
    case 'gateway':
      return { ...common, service, settings: { rateTier: Number(form.rateTier) as 60 | 600 | 6000 } };
    case 'support':
      return {
        ...common,
        service,
        settings: {
          site: form.site,
          ratePerMinute: Number(form.ratePerMinute),
          siteIn: form.siteIn,
          ...(form.siteIn !== 'auto' && form.siteParameter.trim() ? { siteParameter: form.siteParameter.trim() } : {}),
        },
      };
    case 'firewall':
      return {
        ...common,
        service,
        settings: { rateLimit: { requests: Number(form.fwRequests), windowSeconds: Number(form.fwWindowSeconds) } },
      };
  }
}

/** Add or edit a connection. Main validates; its field errors appear next to the fields. */
export function ProfileForm({ service, profile, onClose, onSaved }: Props) {
  const save = useProfilesStore((state) => state.save);
  const [form, setForm] = useState(() => initialState(service, profile));
  const [error, setError] = useState<IpcError | null>(null);
  const [busy, setBusy] = useState(false);
  const formElement = useRef<HTMLFormElement>(null);
  const advancedInvalid = !!error?.fieldErrors?.some((field) => /^(timeouts|proxy)/.test(field.path));
  useEffect(() => {
    formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [error]);
  const keepsExistingCa = !!profile?.trust.caSubject && (form.trustMode === 'system-plus-ca' || form.trustMode === 'ca-only');

  const update = (field: keyof FormState) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  const fieldError = (...paths: string[]) =>
    error?.fieldErrors?.find((field) => paths.some((path) => field.path === path || field.path.startsWith(`${path}.`)))?.message;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await save(toInput(service, form, profile));
    setBusy(false);
    if (result.ok) onSaved(result.data);
    else setError(result.error);
  };

  return (
    <Dialog title={`${profile ? 'Edit' : 'Add'} ${serviceTitles[service].toLowerCase()} connection`} onClose={onClose} wide>
      <form ref={formElement} className="profile-form" onSubmit={onSubmit} noValidate>
        <Field label="Name" error={fieldError('name')}>
          <input value={form.name} onChange={update('name')} placeholder="e.g. Production" autoFocus />
        </Field>
        <Field label="Address" error={fieldError('baseUrl')} help={service === 'gateway' ? 'With or without /v1 at the end.' : undefined}>
          <input value={form.baseUrl} onChange={update('baseUrl')} placeholder={placeholders[service].url} spellCheck={false} />
        </Field>
        <Field
          label="API key"
          error={fieldError('apiKey')}
          help={profile?.hasKey ? `A key is stored in the keychain (${profile.keyHint ?? 'hidden'}). Leave empty to keep it.` : 'Stored in the OS keychain, never on disk.'}
        >
          <input type="password" value={form.apiKey} onChange={update('apiKey')} placeholder={placeholders[service].key} autoComplete="off" spellCheck={false} />
        </Field>

        {service === 'gateway' && (
          <Field label="Rate tier" error={fieldError('settings')} help="OpsDesk stays under your tier’s requests per minute.">
            <select value={form.rateTier} onChange={update('rateTier')}>
              <option value="60">Free: 60 per minute</option>
              <option value="600">Paid: 600 per minute</option>
              <option value="6000">Enterprise: 6000 per minute</option>
            </select>
          </Field>
        )}
        {service === 'support' && (
          <div className="field-row">
            <Field label="Site" error={fieldError('settings.site')} help="The site this application key is bound to.">
              <input value={form.site} onChange={update('site')} placeholder="site id" spellCheck={false} />
            </Field>
            <Field label="Requests per minute" error={fieldError('settings.ratePerMinute')}>
              <input type="number" min={1} value={form.ratePerMinute} onChange={update('ratePerMinute')} />
            </Field>
          </div>
        )}
        {service === 'support' && (
          <div className="field-row">
            <Field label="Send the site in" error={fieldError('settings.siteIn')} help="Automatic follows the server's /openapi.json, else the X-SVC-Site header.">
              <select value={form.siteIn} onChange={update('siteIn')}>
                <option value="auto">Automatic</option>
                <option value="header">A header</option>
                <option value="query">A query parameter</option>
                <option value="path">The path</option>
              </select>
            </Field>
            {form.siteIn !== 'auto' && (
              <Field
                label={form.siteIn === 'path' ? 'Path prefix' : form.siteIn === 'header' ? 'Header name' : 'Parameter name'}
                error={fieldError('settings.siteParameter')}
                help={form.siteIn === 'path' ? 'With {site} where the site goes.' : undefined}
              >
                <input
                  value={form.siteParameter}
                  onChange={update('siteParameter')}
                  placeholder={{ header: 'X-SVC-Site', query: 'site', path: '/sites/{site}' }[form.siteIn]}
                  spellCheck={false}
                />
              </Field>
            )}
          </div>
        )}
        {service === 'firewall' && (
          <div className="field-row">
            <Field label="Key’s call-rate limit: requests" error={fieldError('settings.rateLimit.requests')}>
              <input type="number" min={1} value={form.fwRequests} onChange={update('fwRequests')} />
            </Field>
            <Field label="per seconds" error={fieldError('settings.rateLimit.windowSeconds')}>
              <input type="number" min={1} value={form.fwWindowSeconds} onChange={update('fwWindowSeconds')} />
            </Field>
          </div>
        )}

        <fieldset className="field">
          <legend>Certificate trust</legend>
          {trustModes.map(({ mode, label }) => (
            <label key={mode} className="radio">
              <input type="radio" name="trust" value={mode} checked={form.trustMode === mode} onChange={() => setForm((current) => ({ ...current, trustMode: mode }))} />
              {label}
            </label>
          ))}
          {(form.trustMode === 'system-plus-ca' || form.trustMode === 'ca-only') && (
            <Field
              label="CA certificate (PEM)"
              error={fieldError('trust.caPem', 'trust')}
              help={keepsExistingCa ? `Currently trusts ${profile?.trust.caSubject}. Leave empty to keep it, or paste another.` : undefined}
            >
              <textarea rows={5} value={form.caPem} onChange={update('caPem')} placeholder="-----BEGIN CERTIFICATE-----" spellCheck={false} />
            </Field>
          )}
          {form.trustMode === 'pinned' && (
            <Field
              label="SHA-256 fingerprint"
              error={fieldError('trust.pinnedSha256', 'trust')}
              help="Leave it to OpsDesk: test the connection and it shows the certificate for you to trust, as SSH does."
            >
              <input value={form.pinnedSha256} onChange={update('pinnedSha256')} placeholder="AB:CD:…" spellCheck={false} />
            </Field>
          )}
        </fieldset>

        <details className="advanced" open={advancedInvalid || undefined}>
          <summary>Timeouts and proxy</summary>
          <div className="field-row">
            <Field label="Connect (s)" error={fieldError('timeouts.connectMs')}>
              <input type="number" min={1} value={form.connectSeconds} onChange={update('connectSeconds')} />
            </Field>
            <Field label="Response headers (s)" error={fieldError('timeouts.headersMs')}>
              <input type="number" min={1} value={form.headersSeconds} onChange={update('headersSeconds')} />
            </Field>
            <Field label="Response body (s)" error={fieldError('timeouts.bodyMs')}>
              <input type="number" min={1} value={form.bodySeconds} onChange={update('bodySeconds')} />
            </Field>
            <Field label="Stream idle (s)" error={fieldError('timeouts.streamIdleMs')}>
              <input type="number" min={1} value={form.streamIdleSeconds} onChange={update('streamIdleSeconds')} />
            </Field>
          </div>
          <Field label="Proxy" error={fieldError('proxy')}>
            <select value={form.proxyMode} onChange={update('proxyMode')}>
              <option value="none">No proxy</option>
              <option value="system">System proxy (HTTPS_PROXY, NO_PROXY)</option>
              <option value="explicit">This proxy</option>
            </select>
          </Field>
          {form.proxyMode === 'explicit' && (
            <Field label="Proxy address" error={fieldError('proxy.url')}>
              <input value={form.proxyUrl} onChange={update('proxyUrl')} placeholder="http://proxy.example:3128" spellCheck={false} />
            </Field>
          )}
        </details>

        {error && !error.fieldErrors && <ErrorNotice error={error} />}
        {error?.fieldErrors && <p className="text-danger" role="alert">Some fields need attention.</p>}
        <footer className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button-primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save and test'}
          </button>
        </footer>
      </form>
    </Dialog>
  );
}

/** A label, its control, and help or an error the control is described by. */
function Field({ label, error, help, children }: { label: string; error?: string; help?: string; children: ReactElement<InputHTMLAttributes<HTMLInputElement>> }) {
  const id = useId();
  const note = error ?? help;
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {cloneElement(children, { id, 'aria-invalid': !!error, 'aria-describedby': note ? `${id}-note` : undefined })}
      {note && (
        <span id={`${id}-note`} className={error ? 'field-error' : 'field-help'}>
          {note}
        </span>
      )}
    </div>
  );
}
