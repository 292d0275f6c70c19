import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfileList } from './features/connections/index.ts';
import { useLanguageStore } from './language/language-store.ts';
import { useThemeStore } from './ui/theme-store.ts';
import { Workspace } from './shell/Workspace.tsx';
import { useWorkspaceStore } from './navigation/workspace-store.ts';

export function App() {
  const { t } = useTranslation();
  const ready = useWorkspaceStore((state) => state.ready);
  const restore = useWorkspaceStore((state) => state.restore);
  const loadLanguage = useLanguageStore((state) => state.load);
  const loadTheme = useThemeStore((state) => state.load);
  // The connections, once for the window: a card, the palette and the outbox name them whichever tab is in view.
  useProfileList();
  useEffect(() => {
    void loadLanguage();
    void loadTheme();
    void restore();
  }, [loadLanguage, loadTheme, restore]);
  if (!ready) return <div className="app-loading" role="status">{t('app.loading')}</div>;
  return <Workspace />;
}
