import type { ViewParams } from '../../../src-shared/contract/workspace.ts';
import { ItemCases } from '../cases/index.ts';
import { AddressView } from './AddressView.tsx';
import { AddressAlerts } from './AddressAlerts.tsx';
import { AddressOnAppliances } from './AddressOnAppliances.tsx';

/** The address card's tab: what OpsDesk knows of one address, its alerts, its blocks on every appliance, and its cases. */
export function AddressCardView({ params }: { params: ViewParams<'address'> }) {
  return (
    <AddressView address={params.address}>
      <ItemCases item={{ kind: 'address', profileId: null, itemId: params.address }} label={params.address} />
      <AddressOnAppliances address={params.address} />
      <AddressAlerts address={params.address} />
    </AddressView>
  );
}
