/** A form's closing row: Cancel, then the primary submit (worded while busy, off while busy or not ready). */
export function FormActions({ cancel, onCancel, submit, busy = false, disabled = false }: { cancel: string; onCancel(): void; submit: string; busy?: boolean; disabled?: boolean }) {
  return (
    <div className="dialog-actions">
      <button type="button" className="button" onClick={onCancel}>
        {cancel}
      </button>
      <button type="submit" className="button-primary" disabled={busy || disabled}>
        {submit}
      </button>
    </div>
  );
}
