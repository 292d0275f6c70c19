import type { InputHTMLAttributes, ReactElement } from 'react';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import { useFieldErrorText } from '../../../language/use-error-text.ts';
import { FormField } from '../../../ui/FormField.tsx';

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
  const wordField = useFieldErrorText();
  const problem = refusal?.fieldErrors?.find((field) => field.path === name || field.path.endsWith(`.${name}`));
  return (
    <FormField label={label} error={problem ? wordField(problem) : undefined} help={help}>
      {children}
    </FormField>
  );
}
