import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from './language/language-store.ts';
import { useThemeStore } from './ui/theme-store.ts';
import { Workspace } from './workspace/Workspace.tsx';
import { useWorkspaceStore } from './workspace/workspace-store.ts';

export function App() {
  const { t } = useTranslation();
  const ready = useWorkspaceStore((state) => state.ready);
  const restore = useWorkspaceStore((state) => state.restore);
  const loadLanguage = useLanguageStore((state) => state.load);
  const loadTheme = useThemeStore((state) => state.load);
  useEffect(() => {
    void loadLanguage();
    void loadTheme();
    void restore();
  }, [loadLanguage, loadTheme, restore]);
  if (!ready) return <div className="app-loading" role="status">{t('app.loading')}</div>;
  return <Workspace />;
}
