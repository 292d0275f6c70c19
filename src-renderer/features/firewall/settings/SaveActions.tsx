import type { TFunction } from 'i18next';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';

interface Props {
  /** The words of the form: its save button, while saving, once saved, and the title of a refusal. */
  words: { save: string; saving: string; saved: string; notSaved: string };
  busy: boolean;
  saved: boolean;
  /** A refusal not tied to a field (those show on their fields). */
  error: IpcError | null;
}

/** A settings form's save words from its catalog section (`save`, `saving`, `saved`, `notSaved`). */
export const saveWords = (t: TFunction, section: string): Props['words'] => ({
  save: t(`${section}.save`),
  saving: t(`${section}.saving`),
  saved: t(`${section}.saved`),
  notSaved: t(`${section}.notSaved`),
});

/** The end of a settings form: why it was not saved, that it was, and its Save button. */
export function SaveActions({ words, busy, saved, error }: Props) {
  return (
    <>
      {error && !error.fieldErrors?.length && <ErrorNotice error={error} title={words.notSaved} />}
      <div className="dialog-actions">
        {saved && (
          <span role="status" className="fw-saved">
            {words.saved}
          </span>
        )}
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? words.saving : words.save}
        </button>
      </div>
    </>
  );
}
