// The page of the window shown while an update's migrations run (database-update-window.ts): static
// HTML without script, its words escaped, its bar moving by CSS alone.

/** The window's content size, which the page is laid out for. */
export const DATABASE_UPDATE_WINDOW_SIZE = { width: 480, height: 220 };

export interface DatabaseUpdateText {
  language: string;
  title: string;
  body: string;
  /** "Step 2 of 3" when a start runs several migrations. */
  step: string | null;
  dark: boolean;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escaped = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);

export function databaseUpdatePage({ language, title, body, step, dark }: DatabaseUpdateText): string {
  const [background, text, muted, accent, track] = dark
    ? ['#15171a', '#e6e8eb', '#a3a9b1', '#7aa7ff', '#2a2e34']
    : ['#f6f7f9', '#1c1f23', '#5b636d', '#2f6fdf', '#dfe3e8'];
  return `<!doctype html>
<html lang="${escaped(language)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>OpsDesk</title>
<style>
  body { margin: 0; padding: 24px 28px; font: 14px/1.5 system-ui, sans-serif; background: ${background}; color: ${text}; cursor: default; user-select: none; }
  h1 { margin: 0 0 8px; font-size: 16px; font-weight: 600; }
  p { margin: 0 0 16px; color: ${muted}; }
  .bar { position: relative; height: 4px; overflow: hidden; border-radius: 2px; background: ${track}; }
  .bar::after { content: ''; position: absolute; inset: 0 auto 0 0; width: 30%; border-radius: 2px; background: ${accent}; animation: slide 1.4s ease-in-out infinite; }
  .step { margin: 10px 0 0; font-size: 12px; }
  @keyframes slide { from { transform: translateX(-100%); } to { transform: translateX(340%); } }
  @media (prefers-reduced-motion: reduce) { .bar::after { animation: none; width: 100%; opacity: 0.5; } }
</style>
</head>
<body>
<h1>${escaped(title)}</h1>
<p>${escaped(body)}</p>
<div class="bar" role="progressbar" aria-label="${escaped(title)}"></div>
${step === null ? '' : `<p class="step">${escaped(step)}</p>`}
</body>
</html>
`;
}
