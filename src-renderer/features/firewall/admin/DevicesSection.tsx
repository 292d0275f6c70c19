import { useState } from 'react';
import type { ProfileView } from '../../../../src-preload/contract/profiles.ts';
import { opsdesk } from '../../../bridge.ts';
import { localTime } from './format.ts';
import { PagedTable } from './PagedTable.tsx';
import { ReadOnlyNotice } from './ReadOnlyNotice.tsx';
import { useAdminAccess } from './use-admin-access.ts';
import { useTranslation } from 'react-i18next';
import { usePagedList } from './use-paged-list.ts';

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
  const { state, setPage, reload } = usePagedList(`${profile.id}|${text}|${onlineOnly}`, (page) =>
    opsdesk.firewallAdmin.listDevices({ profileId: profile.id, page, pageSize: 50, ...(text.trim() && { text: text.trim() }), ...(onlineOnly && { online: true }) }),
  );
  return (
    <section className="admin-section" aria-label={t('firewallAdmin.devices.region')}>
      <div className="admin-toolbar">
        <input type="search" aria-label={t('firewallAdmin.devices.filter')} placeholder={t('firewallAdmin.devices.filter')} value={text} onChange={(event) => setText(event.target.value)} />
        <label className="admin-checkbox">
          <input type="checkbox" checked={onlineOnly} onChange={(event) => setOnlineOnly(event.target.checked)} />
          {t('firewallAdmin.devices.onlineOnly')}
        </label>
        <button type="button" className="button" onClick={reload}>
          {t('firewallAdmin.common.refresh')}
        </button>
      </div>
      <PagedTable
        state={state}
        onPage={setPage}
        head={
          <>
            <th>{t('firewallAdmin.devices.name')}</th>
            <th>{t('firewallAdmin.devices.ip')}</th>
            <th>{t('firewallAdmin.devices.mac')}</th>
            <th>{t('firewallAdmin.devices.vendor')}</th>
            <th>{t('firewallAdmin.devices.os')}</th>
            <th>{t('firewallAdmin.devices.type')}</th>
            <th>{t('firewallAdmin.devices.online')}</th>
            <th>{t('firewallAdmin.devices.lastSeen')}</th>
          </>
        }
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
              <td>{localTime(device.lastSeen)}</td>
            </tr>
          ))
        }
      />
    </section>
  );
}
