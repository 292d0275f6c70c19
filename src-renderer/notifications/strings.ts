// The notification center, in English; the catalog section `notifications.*`.
export const notificationStrings = {
  bell: 'Notifications',
  bellUnread: 'Notifications, {{count}} unread',
  center: 'Notification center',
  heading: 'Notifications',
  unread: '{{count}} unread',
  allRead: 'all read',
  markAllRead: 'Mark all read',
  clear: 'Clear',
  updateFailed: 'The notification center could not be updated',
  empty: 'No notifications.',
  list: 'Notifications',
  unreadDot: 'unread',
  settings: {
    label: 'Notification settings',
    doNotDisturb: 'Do not disturb',
    desktopAlerts: 'Desktop alerts',
    severities: { low: 'Low and above', medium: 'Medium and above', high: 'High and above', critical: 'Critical only', off: 'No alerts' },
    newBlocks: 'New blocks',
  },
} as const;
