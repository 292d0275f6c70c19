import { useState } from 'react';
import type { ProfileView } from '../../../../src-preload/contract/profiles.ts';
import { Time } from '../../../ui/Time.tsx';
import { PagedTable } from './PagedTable.tsx';
import { ReadOnlyNotice } from './ReadOnlyNotice.tsx';
import { useAdminAccess } from './use-admin-access.ts';
import { useTranslation } from 'react-i18next';
import { adminCalls, useAppliancePage } from './admin-data.ts';

export function DevicesSection({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation();
  const access = useAdminAccess(profile.id);
  if (access.devices.state === 'denied') {
    return (
      <section className="admin-section" aria-label={t('firewallAdmin.devices.region')}>
        <ReadOnlyNotice permission={access.devices} />
      </section>
    );
  }
  return <DeviceList profile={profile} />;
}

function DeviceList({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [onlineOnly, setOnlineOnly] = useState(false);
  const list = useAppliancePage(profile.id, 'devices', [text, onlineOnly], (page) =>
    adminCalls(profile.id).listDevices({ page, pageSize: 50, ...(text.trim() && { text: text.trim() }), ...(onlineOnly && { online: true }) }),
  );
  return (
    <section className="admin-section" aria-label={t('firewallAdmin.devices.region')}>
      <PagedTable
        list={list}
        beforeRefresh={
          <>
            <input type="search" aria-label={t('firewallAdmin.devices.filter')} placeholder={t('firewallAdmin.devices.filter')} value={text} onChange={(event) => setText(event.target.value)} />
            <label className="admin-checkbox">
              <input type="checkbox" checked={onlineOnly} onChange={(event) => setOnlineOnly(event.target.checked)} />
              {t('firewallAdmin.devices.onlineOnly')}
            </label>
          </>
        }
        columns={['name', 'ip', 'mac', 'vendor', 'os', 'type', 'online', 'lastSeen'].map((column) => t(`firewallAdmin.devices.${column}`))}
        rows={(items) =>
          items.map((device) => (
            <tr key={device.id}>
              <td>{device.name}</td>
              <td>{device.ip}</td>
              <td>{device.mac}</td>
              <td>{device.vendor}</td>
              <td>{device.os}</td>
              <td>{device.type}</td>
              <td>{device.online === undefined ? t('firewallAdmin.common.none') : device.online ? t('firewallAdmin.common.yes') : t('firewallAdmin.common.no')}</td>
              <td><Time value={device.lastSeen} /></td>
            </tr>
          ))
        }
      />
    </section>
  );
}
