import { useEffect, useState } from 'react';
import type { SupportAccess, SupportAction } from '../../../../src-preload/contract/support.ts';
import { opsdesk } from '../../../bridge.ts';

/** Whether the key may do an action, and the scope it needs, as /meta said; allowed until it has answered. */
export interface ActionPermission {
  allowed: boolean;
  scope: string;
}

// One /meta reading per profile for every section that asks; main remembers it across restarts.
const readings = new Map<string, Promise<SupportAccess | null>>();

function readAccess(profileId: string): Promise<SupportAccess | null> {
  let reading = readings.get(profileId);
  if (!reading) {
    reading = opsdesk.support.access({ profileId }).then((result) => (result.ok ? result.data : null));
    readings.set(profileId, reading);
  }
  return reading;
}

/** What the profile's key may do; an action the key lacks is disabled and names its scope. */
export function useSupportAccess(profileId: string): (action: SupportAction) => ActionPermission {
  const [access, setAccess] = useState<SupportAccess | null>(null);
  useEffect(() => {
    let current = true;
    void readAccess(profileId).then((answer) => current && setAccess(answer));
    return () => {
      current = false;
    };
  }, [profileId]);
  return (action) => {
    const known = access?.actions[action];
    return known ? { allowed: known.allowed, scope: known.scope } : { allowed: true, scope: '' };
  };
}
