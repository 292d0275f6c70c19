import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { QueryLayer } from './data/QueryLayer.tsx';
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryLayer>
      <App />
    </QueryLayer>
  </StrictMode>,
);
