import { useTranslation } from 'react-i18next';
import { useEffect, useRef } from 'react';
import type { NotificationItem, NotificationSettings } from '../../../src-shared/contract/notifications.ts';
import { desktopAlertThresholds } from '../../../src-shared/notification-constants.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { TabBarButton } from '../../ui/TabBarButton.tsx';
import { Time } from '../../ui/Time.tsx';
import { useFormat } from '../../ui/format.ts';
import { useWorkspaceStore } from '../../navigation/workspace-store.ts';
import {
  useClearNotifications,
  useMarkAllRead,
  useNotificationCenter,
  useNotificationClicks,
  useNotificationSettings,
  useNotificationsError,
  useOpenNotification,
  useSaveNotificationSettings,
} from './notifications-data.ts';
import { useNotificationsStore } from './notifications-store.ts';
import './notifications.css';

/** The bell in the tab bar: the unread count, and the in-app center with its settings. */
export function NotificationCenter() {
  const { t } = useTranslation();
  const unread = useNotificationCenter().data?.unread ?? 0;
  const open = useNotificationsStore((state) => state.centerOpen);
  const setOpen = useNotificationsStore((state) => state.setCenterOpen);
  const root = useRef<HTMLDivElement>(null);
  useNotificationClicks();
  // Read with the center: its panel shows them the moment it opens.
  useNotificationSettings();
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener('mousedown', closeOutside);
    return () => window.removeEventListener('mousedown', closeOutside);
  }, [open, setOpen]);

  return (
    // Escape closes the panel from the bell too, where focus stays after opening it with the mouse.
    <div
      className="nc"
      ref={root}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) setOpen(false);
      }}
    >
      <TabBarButton
        className="nc-bell"
        icon="bell"
        count={unread}
        countClassName="nc-count"
        aria-expanded={open}
        aria-haspopup="dialog"
        aria-label={unread > 0 ? t('notificationCenter.bellUnread', { count: unread }) : t('notificationCenter.bell')}
        title={t('notificationCenter.bell')}
        onClick={() => setOpen(!open)}
      />
      {open && <NotificationPanel onClose={() => setOpen(false)} />}
    </div>
  );
}

function NotificationPanel({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const center = useNotificationCenter().data;
  const items = center?.items ?? [];
  const unread = center?.unread ?? 0;
  const desktopRefused = center?.desktopRefused?.reason ?? null;
  const error = useNotificationsError();
  const open = useOpenNotification();
  const markAllRead = useMarkAllRead();
  const clear = useClearNotifications();

  return (
    <div
      className="nc-panel"
      role="dialog"
      aria-label={t('notificationCenter.center')}
    >
      <header className="nc-header">
        <h2>{t('notificationCenter.heading')}</h2>
        <span className="muted">{unread > 0 ? t('notificationCenter.unread', { count: unread }) : t('notificationCenter.allRead')}</span>
        <button type="button" className="link-button" disabled={unread === 0} onClick={() => markAllRead.mutate()}>
          {t('notificationCenter.markAllRead')}
        </button>
        <button type="button" className="link-button" disabled={items.length === 0} onClick={() => clear.mutate()}>
          {t('notificationCenter.clear')}
        </button>
      </header>
      {desktopRefused !== null && (
        <p className="card nc-refused" role="note">
          {t('notificationCenter.desktopRefused', { reason: desktopRefused })}
        </p>
      )}
      <NotificationSettingsForm />
      {error && <ErrorNotice error={error} title={t('notificationCenter.updateFailed')} />}
      {items.length === 0 ? (
        <p className="muted nc-empty">{t('notificationCenter.empty')}</p>
      ) : (
        <ul className="nc-list" aria-label={t('notificationCenter.list')}>
          {items.map((item) => (
            <li key={item.id}>
              <NotificationEntry
                item={item}
                onOpen={() => {
                  open.mutate(item);
                  onClose();
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function NotificationEntry({ item, onOpen }: { item: NotificationItem; onOpen(): void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const content = (
    <>
      <span className="nc-title">
        {!item.read && <span className="nc-dot" aria-label={t('notificationCenter.unreadDot')} />}
        <bdi>{item.title}</bdi>
        {item.count > 1 && <span className="nc-badge">{format.number(item.count)}</span>}
      </span>
      <span className="nc-body">
        <bdi>{item.body}</bdi>
      </span>
      <span className="nc-time">
        <Time value={item.createdAt} />
      </span>
    </>
  );
  const className = item.read ? 'nc-entry' : 'nc-entry nc-unread';
  return item.target ? (
    <button type="button" className={className} onClick={onOpen}>
      {content}
    </button>
  ) : (
    <div className={className}>{content}</div>
  );
}

function NotificationSettingsForm() {
  const { t } = useTranslation();
  const settings = useNotificationSettings().data;
  const save = useSaveNotificationSettings();
  const saveSettings = (change: Partial<NotificationSettings>) => save.mutate(change);
  const setCenterOpen = useNotificationsStore((state) => state.setCenterOpen);
  const navigate = useWorkspaceStore((state) => state.navigate);
  if (!settings) return null;
  return (
    <div className="nc-settings" role="group" aria-label={t('notificationCenter.settings.label')}>
      <label className="nc-switch">
        <input
          type="checkbox"
          role="switch"
          checked={settings.doNotDisturb}
          onChange={(event) => saveSettings({ doNotDisturb: event.target.checked })}
        />
        {t('notificationCenter.settings.doNotDisturb')}
      </label>
      <label>
        {t('notificationCenter.settings.desktopAlerts')}{' '}
        <select
          value={settings.alertSeverity}
          onChange={(event) => saveSettings({ alertSeverity: event.target.value as NotificationSettings['alertSeverity'] })}
        >
          {desktopAlertThresholds.map((choice) => (
            <option key={choice} value={choice}>
              {t(`notificationCenter.settings.severities.${choice}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="nc-switch">
        <input type="checkbox" checked={settings.blocks} onChange={(event) => saveSettings({ blocks: event.target.checked })} />
        {t('notificationCenter.settings.newBlocks')}
      </label>
      <button
        type="button"
        className="link-button"
        onClick={() => {
          setCenterOpen(false);
          navigate({ kind: 'settings', params: { section: 'notifications' } });
        }}
      >
        {t('notificationCenter.settings.more')}
      </button>
    </div>
  );
}
