import type { ViewParams } from '../../../src-shared/contract/workspace.ts';
import { ItemCases } from '../../features/cases/ItemCases.tsx';
import { AddressView } from '../../features/address/AddressView.tsx';
import { AddressAlerts } from '../../features/address/AddressAlerts.tsx';
import { AddressOnAppliances } from '../../features/address/AddressOnAppliances.tsx';

/**
 * The address card's tab: the card's own sections with the firewall's, put together here because
 * a feature never imports another (eslint.config.js, renderer layers).
 */
export function AddressCardView({ params }: { params: ViewParams<'address'> }) {
  return (
    <AddressView address={params.address}>
      <ItemCases item={{ kind: 'address', profileId: null, itemId: params.address }} label={params.address} />
      <AddressOnAppliances address={params.address} />
      <AddressAlerts address={params.address} />
    </AddressView>
  );
}
