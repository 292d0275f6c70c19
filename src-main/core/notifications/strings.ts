// Notification text raised in main. Kept in one place so that it moves into the i18n catalogs
// (src-shared/i18n) as one mechanical change once they land.
export const notificationStrings = {
  alerts: (count: number, severity: string) => (count === 1 ? `New ${severity} alert` : `${count} new ${severity} alerts`),
  alertsBody: (profileName: string, signature: string | null, count: number) =>
    count === 1 ? `${profileName}: ${signature ?? 'no signature'}` : `${profileName}: the newest is ${signature ?? 'without a signature'}`,
  blocks: (count: number) => (count === 1 ? 'New block' : `${count} new blocks`),
  blocksBody: (profileName: string, ip: string, reason: string | null) => `${profileName}: ${ip}${reason ? ` (${reason})` : ''}`,
  released: (count: number) => (count === 1 ? 'Block released' : `${count} blocks released`),
  releasedBody: (profileName: string, ip: string) => `${profileName}: ${ip}`,
  syncFailed: 'Firewall sync is failing',
} as const;
