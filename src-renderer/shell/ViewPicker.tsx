import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkspaceStore } from '../navigation/workspace-store.ts';
import { pickerKinds } from './view-registry.ts';

/** Ctrl/Cmd+T: type to filter, arrows to choose, Enter to open, Escape to cancel. */
export function ViewPicker() {
  const { t, i18n } = useTranslation();
  const { open, setPickerOpen } = useWorkspaceStore.getState();
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const english = i18n.getFixedT('en');
  const views = pickerKinds.map((kind) => ({
    kind,
    title: t(`views.${kind}.title`),
    summary: t(`views.${kind}.summary`),
    // The English words match too, so typing "set" opens Settings whatever the language.
    words: `${t(`views.${kind}.title`)} ${t(`views.${kind}.summary`)} ${english(`views.${kind}.title`)} ${english(`views.${kind}.summary`)}`.toLowerCase(),
  }));
  const matches = views.filter((view) => view.words.includes(filter.trim().toLowerCase()));

  useEffect(() => input.current?.focus(), []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') setPickerOpen(false);
    else if (event.key === 'ArrowDown') setSelected((index) => Math.min(index + 1, matches.length - 1));
    else if (event.key === 'ArrowUp') setSelected((index) => Math.max(index - 1, 0));
    else if (event.key === 'Enter' && matches[selected]) open(matches[selected].kind);
    else return;
    event.preventDefault();
  };

  return (
    <div className="modal-backdrop" onMouseDown={() => setPickerOpen(false)}>
      <div
        className="picker"
        role="dialog"
        aria-modal="true"
        aria-label={t('workspace.openView')}
        onMouseDown={(event) => event.stopPropagation()}
        onKeyDown={onKeyDown}
      >
        <input
          ref={input}
          className="picker-filter"
          placeholder={t('workspace.pickerPlaceholder')}
          aria-label={t('workspace.filterViews')}
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value);
            setSelected(0);
          }}
        />
        <ul role="listbox" aria-label={t('workspace.viewList')} className="picker-list">
          {matches.map((view, index) => (
            <li
              key={view.kind}
              role="option"
              aria-selected={index === selected}
              className={index === selected ? 'picker-option picker-option-selected' : 'picker-option'}
              onMouseEnter={() => setSelected(index)}
              onClick={() => open(view.kind)}
            >
              <strong>{view.title}</strong>
              <span>{view.summary}</span>
            </li>
          ))}
          {matches.length === 0 && <li className="picker-empty">{t('workspace.noMatch', { filter })}</li>}
        </ul>
      </div>
    </div>
  );
}
