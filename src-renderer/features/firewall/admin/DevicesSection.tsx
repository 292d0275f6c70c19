import type { ProfileView } from '../../../../src-shared/contract/profiles.ts';
import type { Device } from '../../../../src-shared/contract/firewall-admin.ts';
import { addressColumn, textColumn, timeColumn, TIME_WIDTH } from './admin-columns.tsx';
import { PagedTable } from './PagedTable.tsx';
import { ReadOnlyNotice } from './ReadOnlyNotice.tsx';
import { useAdminAccess } from './use-admin-access.ts';
import { useTranslation } from 'react-i18next';
import { adminCalls, useAppliancePage } from './admin-data.ts';
import { useKeptFilter } from '../../../ui/view-filters-store.ts';

export function DevicesSection({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation();
  const access = useAdminAccess(profile.id);
  if (access.devices.state === 'denied') {
    return (
      <section className="admin-section" aria-label={t('firewallAdmin.devices.region')}>
        <ReadOnlyNotice profileId={profile.id} permission={access.devices} />
      </section>
    );
  }
  return <DeviceList profile={profile} />;
}

function DeviceList({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation();
  const [{ text, onlineOnly }, keepFilter] = useKeptFilter(profile.id, 'firewall.devices', { text: '', onlineOnly: false });
  const list = useAppliancePage(profile.id, 'devices', [text, onlineOnly], (page) =>
    adminCalls(profile.id).listDevices({ page, pageSize: 50, ...(text.trim() && { text: text.trim() }), ...(onlineOnly && { online: true }) }),
  );
  return (
    <section className="admin-section" aria-label={t('firewallAdmin.devices.region')}>
      <PagedTable
        list={list}
        beforeRefresh={
          <>
            <input type="search" aria-label={t('firewallAdmin.devices.filter')} placeholder={t('firewallAdmin.devices.filter')} value={text} onChange={(event) => keepFilter({ text: event.target.value })} />
            <label className="admin-checkbox">
              <input type="checkbox" checked={onlineOnly} onChange={(event) => keepFilter({ onlineOnly: event.target.checked })} />
              {t('firewallAdmin.devices.onlineOnly')}
            </label>
          </>
        }
        tableId="firewall.devices"
        label={t('firewallAdmin.devices.region')}
        columns={[
          textColumn<Device>('name', t('firewallAdmin.devices.name'), 160, (device) => device.name, { grow: true }),
          addressColumn<Device>('ip', t('firewallAdmin.devices.ip'), 130, (device) => device.ip),
          addressColumn<Device>('mac', t('firewallAdmin.devices.mac'), 150, (device) => device.mac),
          textColumn<Device>('vendor', t('firewallAdmin.devices.vendor'), 130, (device) => device.vendor),
          textColumn<Device>('os', t('firewallAdmin.devices.os'), 120, (device) => device.os),
          textColumn<Device>('type', t('firewallAdmin.devices.type'), 100, (device) => device.type),
          textColumn<Device>('online', t('firewallAdmin.devices.online'), 80, (device) => device.online, {
            shown: (device) => (device.online === undefined ? t('firewallAdmin.common.none') : device.online ? t('firewallAdmin.common.yes') : t('firewallAdmin.common.no')),
          }),
          timeColumn<Device>('lastSeen', t('firewallAdmin.devices.lastSeen'), TIME_WIDTH, (device) => device.lastSeen),
        ]}
      />
    </section>
  );
}
