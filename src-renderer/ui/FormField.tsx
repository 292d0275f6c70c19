import { cloneElement, useId } from 'react';
import type { InputHTMLAttributes, ReactElement } from 'react';

/** A label, its control, and help or an error the control is described by. */
export function FormField({ label, error, help, children }: { label: string; error?: string | undefined; help?: string | undefined; children: ReactElement<InputHTMLAttributes<HTMLElement>> }) {
  const id = useId();
  const note = error ?? help;
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {cloneElement(children, { id, 'aria-invalid': !!error, 'aria-describedby': note ? `${id}-note` : undefined })}
      {note && (
        <span id={`${id}-note`} className={error ? 'field-error' : 'field-help'}>
          {note}
        </span>
      )}
    </div>
  );
}
