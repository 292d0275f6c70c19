import { useEffect, useId, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props<T> {
  label: string;
  value: T | null;
  onChange(value: T | null): void;
  /** The items matching the words (the newest ones for no words). */
  search(text: string): Promise<readonly T[]>;
  idOf(item: T): string;
  /** An item in the list: what tells it apart from the others. */
  renderOption(item: T): ReactNode;
  /** The chosen item, shown in place of the search. */
  renderChosen(item: T): ReactNode;
  placeholder: string;
}

/** Waits this long after a keystroke before searching. */
const SEARCH_AFTER_MS = 150;

/** A searchable choice (a contact, a ticket): type to search main's cache, arrows and Enter to choose, Escape to close. */
export function SearchPicker<T>({ label, value, onChange, search, idOf, renderOption, renderChosen, placeholder }: Props<T>) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [found, setFound] = useState<readonly T[]>([]);
  const [active, setActive] = useState(0);

  useEffect(() => {
    if (!open) return;
    let current = true;
    const timer = setTimeout(() => {
      void search(text.trim()).then((items) => {
        if (!current) return;
        setFound(items);
        setActive(0);
      });
    }, SEARCH_AFTER_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [open, text, search]);

  const choose = (item: T) => {
    onChange(item);
    setOpen(false);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (found.length > 0) setActive((current) => (current + (event.key === 'ArrowDown' ? 1 : found.length - 1)) % found.length);
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const item = found[active];
      if (item) choose(item);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  if (value !== null) {
    return (
      <div className="si-picked" role="group" aria-label={label}>
        <span className="si-picked-item">{renderChosen(value)}</span>
        <button type="button" className="button" onClick={() => onChange(null)}>
          {t('support.picker.change')}
        </button>
      </div>
    );
  }
  const listId = `${id}-list`;
  return (
    <div className="si-picker">
      <input
        type="search"
        role="combobox"
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && found.length > 0 ? `${id}-${active}` : undefined}
        placeholder={placeholder}
        value={text}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      {open && (
        <ul id={listId} role="listbox" aria-label={label} className="si-picker-list">
          {found.length === 0 && <li className="muted si-picker-none">{t('support.picker.none')}</li>}
          {found.map((item, index) => (
            <li
              key={idOf(item)}
              id={`${id}-${index}`}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'si-picker-option si-picker-active' : 'si-picker-option'}
              // Chosen on press, before the search loses its focus and closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(item);
              }}
            >
              {renderOption(item)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
