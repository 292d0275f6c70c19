import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationSettings } from '../../../src-shared/contract/notifications.ts';
import { desktopAlertThresholds, desktopPrivacyChoices, desktopPrivacySources } from '../../../src-shared/notification-constants.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { useNotificationSettings, useNotificationsError, useSaveNotificationSettings } from './notifications-data.ts';
import './notifications.css';

/** Settings → Notifications: what reaches the desktop, what a desktop notification shows, quiet hours. Each change is saved at once. */
export function NotificationSettingsSection() {
  const { t } = useTranslation();
  const id = useId();
  const settings = useNotificationSettings().data;
  const error = useNotificationsError();
  return (
    <section className="card notification-settings" aria-labelledby={`${id}-heading`} data-settings-section="notifications">
      <h2 id={`${id}-heading`} tabIndex={-1}>
        {t('notificationCenter.settings.heading')}
      </h2>
      <p className="muted">{t('notificationCenter.settings.intro')}</p>
      {settings && <NotificationSettingsForm settings={settings} />}
      {error && <ErrorNotice error={error} title={t('notificationCenter.updateFailed')} />}
    </section>
  );
}

function NotificationSettingsForm({ settings }: { settings: NotificationSettings }) {
  const { t } = useTranslation();
  const id = useId();
  const saveSettings = useSaveNotificationSettings();
  const [saved, setSaved] = useState(false);
  const save = async (change: Partial<NotificationSettings>) => {
    setSaved(false);
    setSaved(await saveSettings.mutateAsync(change).then(() => true, () => false));
  };
  const quiet = settings.quietHours;
  const saveQuiet = (change: Partial<NotificationSettings['quietHours']>) => void save({ quietHours: { ...quiet, ...change } });

  return (
    <div className="notification-settings-form">
      <fieldset className="notification-settings-group">
        <legend>{t('notificationCenter.settings.desktop')}</legend>
        <label className="checkbox">
          <input type="checkbox" role="switch" checked={settings.doNotDisturb} onChange={(event) => void save({ doNotDisturb: event.target.checked })} aria-describedby={`${id}-dnd-help`} />
          {t('notificationCenter.settings.doNotDisturb')}
        </label>
        <span id={`${id}-dnd-help`} className="field-help">
          {t('notificationCenter.settings.doNotDisturbHelp')}
        </span>
        <div className="field-row">
          <div className="field">
            <label className="field-label" htmlFor={`${id}-alerts`}>
              {t('notificationCenter.settings.desktopAlerts')}
            </label>
            <select id={`${id}-alerts`} value={settings.alertSeverity} onChange={(event) => void save({ alertSeverity: event.target.value as NotificationSettings['alertSeverity'] })}>
              {desktopAlertThresholds.map((choice) => (
                <option key={choice} value={choice}>
                  {t(`notificationCenter.settings.severities.${choice}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <label className="checkbox">
          <input type="checkbox" checked={settings.blocks} onChange={(event) => void save({ blocks: event.target.checked })} />
          {t('notificationCenter.settings.newBlocks')}
        </label>
      </fieldset>

      <fieldset className="notification-settings-group">
        <legend>{t('notificationCenter.settings.privacy.legend')}</legend>
        <div className="field-row">
          {desktopPrivacySources.map((source) => (
            <div key={source} className="field">
              <label className="field-label" htmlFor={`${id}-privacy-${source}`}>
                {t(`notificationCenter.settings.privacy.sources.${source}`)}
              </label>
              <select
                id={`${id}-privacy-${source}`}
                value={settings.desktopPrivacy[source]}
                onChange={(event) =>
                  void save({ desktopPrivacy: { ...settings.desktopPrivacy, [source]: event.target.value as NotificationSettings['desktopPrivacy'][typeof source] } })
                }
                aria-describedby={`${id}-privacy-${source}-help`}
              >
                {desktopPrivacyChoices.map((choice) => (
                  <option key={choice} value={choice}>
                    {t(`notificationCenter.settings.privacy.choices.${choice}`)}
                  </option>
                ))}
              </select>
              <span id={`${id}-privacy-${source}-help`} className="field-help">
                {t(`notificationCenter.settings.privacy.explain.${settings.desktopPrivacy[source]}`)}
              </span>
            </div>
          ))}
        </div>
      </fieldset>

      <fieldset className="notification-settings-group">
        <legend>{t('notificationCenter.settings.quiet.legend')}</legend>
        <label className="checkbox">
          <input type="checkbox" role="switch" checked={quiet.on} onChange={(event) => saveQuiet({ on: event.target.checked })} aria-describedby={`${id}-quiet-help`} />
          {t('notificationCenter.settings.quiet.on')}
        </label>
        <div className="field-row notification-settings-times">
          {(['from', 'to'] as const).map((end) => (
            <div key={end} className="field">
              <label className="field-label" htmlFor={`${id}-quiet-${end}`}>
                {t(`notificationCenter.settings.quiet.${end}`)}
              </label>
              {/* A time half typed is empty: the saved one stays until a whole one is there. */}
              <input id={`${id}-quiet-${end}`} type="time" required disabled={!quiet.on} value={quiet[end]} onChange={(event) => event.target.value && saveQuiet({ [end]: event.target.value })} />
            </div>
          ))}
        </div>
        <span id={`${id}-quiet-help`} className="field-help">
          {t('notificationCenter.settings.quiet.help')}
        </span>
        {quiet.on && quiet.from === quiet.to && (
          <p className="field-error" role="note">
            {t('notificationCenter.settings.quiet.empty')}
          </p>
        )}
      </fieldset>
      <p className="notification-settings-status muted" role="status">
        {saved ? t('notificationCenter.settings.saved') : ''}
      </p>
    </div>
  );
}
