import type { Tab } from '../../src-preload/contract/workspace.ts';
import { viewRegistry } from './view-registry.ts';

export function ViewForTab({ tab }: { tab: Tab }) {
  const view = viewRegistry[tab.kind];
  if (view.holds === 'item') return <view.component params={tab.params ?? {}} />;
  return tab.params ? <view.component params={tab.params} /> : <view.component />;
}
