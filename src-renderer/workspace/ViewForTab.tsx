import type { Tab } from '../../src-preload/contract/workspace.ts';
import { viewFor } from './view-registry.ts';

export function ViewForTab({ tab }: { tab: Tab }) {
  const View = viewFor(tab.kind).component;
  return <View params={tab.params} />;
}
