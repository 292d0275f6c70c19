import { cloneElement, useId } from 'react';
import type { InputHTMLAttributes, ReactElement } from 'react';
import type { IpcError } from '../../../../src-preload/contract/define.ts';
import { useFieldErrorText } from '../../../language/use-error-text.ts';

interface Props {
  label: string;
  /** The contract's name of the field, to find its problem in a refused write's `fieldErrors`. */
  name: string;
  refusal: IpcError | null;
  help?: string;
  children: ReactElement<InputHTMLAttributes<HTMLElement>>;
}

/** One labelled form field with its help, or the reason main refused it, in the window's language. */
export function Field({ label, name, refusal, help, children }: Props) {
  const id = useId();
  const wordField = useFieldErrorText();
  const problem = refusal?.fieldErrors?.find((field) => field.path === name || field.path.endsWith(`.${name}`));
  const note = problem ? wordField(problem) : help;
  return (
    <div className={problem ? 'field field-invalid' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {cloneElement(children, { id, 'aria-invalid': !!problem, 'aria-describedby': note ? `${id}-note` : undefined })}
      {note && (
        <span id={`${id}-note`} className={problem ? 'field-error' : 'field-help'}>
          {note}
        </span>
      )}
    </div>
  );
}
