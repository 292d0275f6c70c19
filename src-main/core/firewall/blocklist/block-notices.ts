// Blocks a sync found, worded and raised: new blocks (on the desktop when the user wants them) and
// released ones (in the center only), each burst joined into one entry. A block or release the
// analyst made here raises none: it is in the activity log and every view already.
import type { NoticeContext } from '../../notifications/notices.ts';
import type { BlockChange } from './block-service.ts';

export function raiseBlockNotices({ profileId, added, removed, madeHere }: BlockChange, { notifications, translator: { t }, profileName }: NoticeContext): void {
  if (madeHere) return;
  const blocksOn = notifications.settings().blocks;
  const name = profileName(profileId);
  const [newest] = added;
  if (newest) {
    notifications.raise({
      kind: 'block-created',
      profileId,
      groupKey: `blocks:${profileId}`,
      count: added.length,
      desktop: blocksOn,
      describe: (total) => ({
        title: t('notify.blocks', { count: total }),
        body: newest.reason ? t('notify.blocksBodyReason', { profile: name, ip: newest.ip, reason: newest.reason }) : t('notify.blocksBody', { profile: name, ip: newest.ip }),
        target: total === 1
          ? { kind: 'block', params: { profileId, entryId: newest.id } }
          : { kind: 'firewall', params: { profileId, section: 'blocklist' } },
      }),
    });
  }
  const [released] = removed;
  if (released) {
    notifications.raise({
      kind: 'block-released',
      profileId,
      groupKey: `released:${profileId}`,
      count: removed.length,
      desktop: false,
      describe: (total) => ({
        title: t('notify.released', { count: total }),
        body: t('notify.releasedBody', { profile: name, ip: released.ip }),
        target: { kind: 'firewall', params: { profileId, section: 'blocklist' } },
      }),
    });
  }
}
