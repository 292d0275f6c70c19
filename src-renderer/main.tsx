import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { createQueryClient } from './data/ipc-query.ts';
import { followInvalidations } from './data/invalidations.ts';
import { useLanguageStore } from './language/language-store.ts';
import { showLanguage, translator } from './language/translator.ts';
import './ui/styles.css';

// The window opens in the system's language, its catalog fetched first when it is not English.
await showLanguage(useLanguageStore.getState().language);
// The page says which language it is in, so fonts, line breaking and screen readers follow.
document.documentElement.lang = translator.language;
translator.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

// The window's one query cache follows main's events for the window's life, from before any view
// reads: listening from an effect, after the views' own first reads, would miss a change main
// reports between the two.
const queryClient = createQueryClient();
followInvalidations(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
