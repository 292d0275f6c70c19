import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileInput, ProfileView, BackEnd, SitePlacement, TrustInput } from '../../../src-shared/contract/profiles.ts';
import { useConnectionTest, useSaveProfile } from './connections-data.ts';
import { useFieldErrorText } from '../../language/use-error-text.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { FormField } from '../../ui/FormField.tsx';
import { FormActions } from '../../ui/FormActions.tsx';

interface Props {
  service: BackEnd;
  profile?: ProfileView;
  onClose(): void;
  onSaved(profile: ProfileView): void;
}

/** Sample values, the same in every language (the firewall's key sample is words: see the form). */
const placeholders: Record<BackEnd, { url: string; key?: string }> = {
  gateway: { url: 'https://gateway.example.com/v1', key: 'sk-…' },
  support: { url: 'https://support.example.com', key: 'svc_live_0123456789ab.secret' },
  firewall: { url: 'https://firewall.example.com:9443/api/v1' },
};

const samples = { pem: '-----BEGIN CERTIFICATE-----', fingerprint: 'AB:CD:…', proxyUrl: 'http://proxy.example:3128' };

/** What a server that says nothing is sent, per place: OpsDesk's own choice (docs/api-assumptions.md). */
const DEFAULT_SITE_PARAMETERS: Record<SitePlacement, string> = { header: 'X-SVC-Site', query: 'site', path: '/sites/{site}' };

const trustModes: readonly TrustInput['mode'][] = ['system', 'system-plus-ca', 'ca-only', 'pinned'];

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
  /** Empty: the default of what the answer is for. */
  answerSeconds: string;
  proxyMode: 'none' | 'system' | 'explicit';
  proxyUrl: string;
}

function initialState(service: BackEnd, profile?: ProfileView): FormState {
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
    answerSeconds: timeouts?.answerMs === undefined ? '' : String(timeouts.answerMs / 1000),
    proxyMode: profile?.proxy.mode ?? 'none',
    proxyUrl: profile?.proxy.mode === 'explicit' ? profile.proxy.url : '',
  };
}

const seconds = (value: string) => Math.round(Number(value) * 1000);

function toInput(service: BackEnd, form: FormState, profile?: ProfileView): ProfileInput {
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
      ...(service === 'gateway' && form.answerSeconds.trim() && { answerMs: seconds(form.answerSeconds) }),
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
  const { t } = useTranslation();
  const fieldErrorText = useFieldErrorText();
  const save = useSaveProfile();
  const [form, setForm] = useState(() => initialState(service, profile));
  const test = useConnectionTest(profile?.id);
  // The site is the server's to say: typed only where its last answer listed none.
  const listedSites = test?.state === 'passed' && test.report.summary.service === 'support' ? test.report.summary.sites : [];
  const error = save.error;
  const formElement = useRef<HTMLFormElement>(null);
  const advancedInvalid = !!error?.fieldErrors?.some((field) => /^(timeouts|proxy)/.test(field.path));
  useEffect(() => {
    formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [error]);
  const keepsExistingCa = !!profile?.trust.caSubject && (form.trustMode === 'system-plus-ca' || form.trustMode === 'ca-only');

  const update = (field: keyof FormState) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  const fieldError = (...paths: string[]) => {
    const field = error?.fieldErrors?.find((candidate) => paths.some((path) => candidate.path === path || candidate.path.startsWith(`${path}.`)));
    return field && fieldErrorText(field);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(toInput(service, form, profile), { onSuccess: onSaved });
  };

  return (
    <Dialog title={t(profile ? 'settings.form.editTitle' : 'settings.form.addTitle', { service: t(`services.${service}.noun`) })} onClose={onClose} wide>
      <form ref={formElement} className="profile-form" onSubmit={onSubmit} noValidate>
        <FormField label={t('settings.form.name')} error={fieldError('name')}>
          <input value={form.name} onChange={update('name')} placeholder={t('settings.form.namePlaceholder')} autoFocus />
        </FormField>
        <FormField label={t('settings.form.address')} error={fieldError('baseUrl')} help={service === 'gateway' ? t('settings.form.addressHelpGateway') : undefined}>
          <input value={form.baseUrl} onChange={update('baseUrl')} placeholder={placeholders[service].url} spellCheck={false} />
        </FormField>
        <FormField
          label={t('settings.form.apiKey')}
          error={fieldError('apiKey')}
          help={
            profile?.hasKey
              ? t('settings.form.keyStoredHelp', { hint: profile.keyHint ?? t('settings.form.keyHidden') })
              : t('settings.form.keyNewHelp')
          }
        >
          <input
            type="password"
            value={form.apiKey}
            onChange={update('apiKey')}
            placeholder={placeholders[service].key ?? t('settings.form.firewallKeyPlaceholder')}
            autoComplete="off"
            spellCheck={false}
          />
        </FormField>

        {service === 'gateway' && (
          <FormField label={t('settings.form.rateTier')} error={fieldError('settings')} help={t('settings.form.rateTierHelp')}>
            <select value={form.rateTier} onChange={update('rateTier')}>
              <option value="60">{t('settings.form.tierFree', { count: 60 })}</option>
              <option value="600">{t('settings.form.tierPaid', { count: 600 })}</option>
              <option value="6000">{t('settings.form.tierEnterprise', { count: 6000 })}</option>
            </select>
          </FormField>
        )}
        {service === 'support' && (
          <div className="field-row">
            {!profile ? (
              <p className="muted profile-form-note">{t('settings.form.siteFound')}</p>
            ) : listedSites.length > 0 ? (
              <FormField label={t('settings.form.site')} error={fieldError('settings.site')} help={t('settings.form.siteListed')}>
                <select value={form.site} onChange={update('site')}>
                  {!listedSites.includes(form.site) && <option value={form.site}>{form.site || t('settings.form.siteNotChosen')}</option>}
                  {listedSites.map((site) => (
                    <option key={site} value={site}>
                      {site}
                    </option>
                  ))}
                </select>
              </FormField>
            ) : (
              <FormField label={t('settings.form.site')} error={fieldError('settings.site')} help={t('settings.form.siteHelp')}>
                <input value={form.site} onChange={update('site')} placeholder={t('settings.form.sitePlaceholder')} spellCheck={false} />
              </FormField>
            )}
            <FormField label={t('settings.form.requestsPerMinute')} error={fieldError('settings.ratePerMinute')}>
              <input type="number" min={1} value={form.ratePerMinute} onChange={update('ratePerMinute')} />
            </FormField>
          </div>
        )}
        {service === 'support' && (
          <div className="field-row">
            <FormField label={t('settings.form.siteIn')} error={fieldError('settings.siteIn')} help={t('settings.form.siteInHelp')}>
              <select value={form.siteIn} onChange={update('siteIn')}>
                <option value="auto">{t('settings.form.siteInAuto')}</option>
                <option value="header">{t('settings.form.siteInHeader')}</option>
                <option value="query">{t('settings.form.siteInQuery')}</option>
                <option value="path">{t('settings.form.siteInPath')}</option>
              </select>
            </FormField>
            {form.siteIn !== 'auto' && (
              <FormField
                label={t(`settings.form.siteParameter.${form.siteIn}`)}
                error={fieldError('settings.siteParameter')}
                help={form.siteIn === 'path' ? t('settings.form.sitePathHelp') : undefined}
              >
                <input value={form.siteParameter} onChange={update('siteParameter')} placeholder={DEFAULT_SITE_PARAMETERS[form.siteIn]} spellCheck={false} />
              </FormField>
            )}
          </div>
        )}
        {service === 'firewall' && (
          <div className="field-row">
            <FormField label={t('settings.form.firewallRequests')} error={fieldError('settings.rateLimit.requests')}>
              <input type="number" min={1} value={form.fwRequests} onChange={update('fwRequests')} />
            </FormField>
            <FormField label={t('settings.form.firewallWindow')} error={fieldError('settings.rateLimit.windowSeconds')}>
              <input type="number" min={1} value={form.fwWindowSeconds} onChange={update('fwWindowSeconds')} />
            </FormField>
          </div>
        )}

        <fieldset className="field">
          <legend>{t('settings.form.trust')}</legend>
          {trustModes.map((mode) => (
            <label key={mode} className="radio">
              <input type="radio" name="trust" value={mode} checked={form.trustMode === mode} onChange={() => setForm((current) => ({ ...current, trustMode: mode }))} />
              {t(`settings.form.trust_${mode}`)}
            </label>
          ))}
          {(form.trustMode === 'system-plus-ca' || form.trustMode === 'ca-only') && (
            <FormField
              label={t('settings.form.caPem')}
              error={fieldError('trust.caPem', 'trust')}
              help={keepsExistingCa ? t('settings.form.caKeepHelp', { subject: profile?.trust.caSubject }) : undefined}
            >
              <textarea className="code-text" rows={5} value={form.caPem} onChange={update('caPem')} placeholder={samples.pem} spellCheck={false} />
            </FormField>
          )}
          {form.trustMode === 'pinned' && (
            <FormField
              label={t('settings.form.fingerprint')}
              error={fieldError('trust.pinnedSha256', 'trust')}
              help={t('settings.form.fingerprintHelp')}
            >
              <input value={form.pinnedSha256} onChange={update('pinnedSha256')} placeholder={samples.fingerprint} spellCheck={false} />
            </FormField>
          )}
        </fieldset>

        <details className="advanced" open={advancedInvalid || undefined}>
          <summary>{t('settings.form.advanced')}</summary>
          <div className="field-row">
            <FormField label={t('settings.form.connectTimeout')} error={fieldError('timeouts.connectMs')}>
              <input type="number" min={1} value={form.connectSeconds} onChange={update('connectSeconds')} />
            </FormField>
            <FormField label={t('settings.form.headersTimeout')} error={fieldError('timeouts.headersMs')}>
              <input type="number" min={1} value={form.headersSeconds} onChange={update('headersSeconds')} />
            </FormField>
            <FormField label={t('settings.form.bodyTimeout')} error={fieldError('timeouts.bodyMs')}>
              <input type="number" min={1} value={form.bodySeconds} onChange={update('bodySeconds')} />
            </FormField>
            <FormField label={t('settings.form.streamIdleTimeout')} error={fieldError('timeouts.streamIdleMs')}>
              <input type="number" min={1} value={form.streamIdleSeconds} onChange={update('streamIdleSeconds')} />
            </FormField>
            {service === 'gateway' && (
              <FormField label={t('settings.form.answerTimeout')} error={fieldError('timeouts.answerMs')} help={t('settings.form.answerTimeoutHelp')}>
                <input type="number" min={10} value={form.answerSeconds} onChange={update('answerSeconds')} />
              </FormField>
            )}
          </div>
          <FormField label={t('settings.form.proxy')} error={fieldError('proxy')}>
            <select value={form.proxyMode} onChange={update('proxyMode')}>
              <option value="none">{t('settings.form.proxy_none')}</option>
              <option value="system">{t('settings.form.proxy_system')}</option>
              <option value="explicit">{t('settings.form.proxy_explicit')}</option>
            </select>
          </FormField>
          {form.proxyMode === 'explicit' && (
            <FormField label={t('settings.form.proxyAddress')} error={fieldError('proxy.url')}>
              <input value={form.proxyUrl} onChange={update('proxyUrl')} placeholder={samples.proxyUrl} spellCheck={false} />
            </FormField>
          )}
        </details>

        {error && !error.fieldErrors && <ErrorNotice error={error} />}
        {error?.fieldErrors && (
          <p className="text-danger" role="alert">
            {t('settings.form.needsAttention')}
          </p>
        )}
        <FormActions cancel={t('settings.form.cancel')} onCancel={onClose} submit={save.isPending ? t('settings.form.saving') : t('settings.form.save')} busy={save.isPending} />
      </form>
    </Dialog>
  );
}
