import { cloneElement, useId } from 'react';
import type { InputHTMLAttributes, ReactElement } from 'react';
import type { IpcError } from '../../src-preload/contract/define.ts';

/** The message for a form field from a failed call's `fieldErrors` (the router's `policy.name` or the appliance's `name`). */
export function fieldErrorFor(error: IpcError | null, field: string): string | undefined {
  return error?.fieldErrors?.find((candidate) => candidate.path === field || candidate.path.endsWith(`.${field}`))?.message;
}

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
