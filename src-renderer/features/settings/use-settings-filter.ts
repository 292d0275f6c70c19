import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

/** What names a setting: a section's headings and its fields' labels, not the values or help shown beside them. */
const LABELS = 'h2, h3, label, legend, summary, dt, th';

const normalised = (text: string) => text.toLocaleLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Hides the sections of Settings whose labels do not hold `query`, in the words shown (so in the
 * chosen language), and says which sections are shown. Sections fill in as their data arrives, so
 * each change of their content is matched again.
 */
export function useSettingsFilter(content: RefObject<HTMLElement | null>, query: string): ReadonlySet<string> | null {
  const [shown, setShown] = useState<ReadonlySet<string> | null>(null);
  useEffect(() => {
    const root = content.current;
    if (!root) return;
    const wanted = normalised(query);
    const apply = () => {
      const matching: string[] = [];
      for (const section of root.querySelectorAll<HTMLElement>('[data-settings-section]')) {
        const labels = [...section.querySelectorAll<HTMLElement>(LABELS)].map((label) => normalised(label.textContent ?? ''));
        const matches = !wanted || labels.some((label) => label.includes(wanted));
        section.hidden = !matches;
        if (matches) matching.push(section.dataset.settingsSection ?? '');
      }
      setShown((current) => {
        const next = wanted ? matching : null;
        if (next === null) return current === null ? current : null;
        return current && current.size === next.length && next.every((id) => current.has(id)) ? current : new Set(next);
      });
    };
    apply();
    // Attributes are left out: `hidden` set here would wake the observer again.
    const observer = new MutationObserver(apply);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [content, query]);
  return shown;
}
