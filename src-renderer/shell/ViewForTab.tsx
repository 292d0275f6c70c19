import { Suspense } from 'react';
import type { Tab } from '../../src-shared/contract/workspace.ts';
import { ViewLoading } from '../ui/ViewLoading.tsx';
import { viewFor } from './view-registry.ts';

export function ViewForTab({ tab }: { tab: Tab }) {
  const View = viewFor(tab.kind).component;
  return (
    <Suspense fallback={<ViewLoading />}>
      <View params={tab.params} />
    </Suspense>
  );
}
