import { useEffect } from 'react';
import { Workspace } from './workspace/Workspace.tsx';
import { useWorkspaceStore } from './workspace/workspace-store.ts';

export function App() {
  const ready = useWorkspaceStore((state) => state.ready);
  const restore = useWorkspaceStore((state) => state.restore);
  useEffect(() => {
    void restore();
  }, [restore]);
  if (!ready) return <div className="app-loading" role="status">Opening OpsDesk…</div>;
  return <Workspace />;
}
