import { useState } from 'react';
import type { FormEvent } from 'react';
import type { IpcError, IpcResult } from '../../../src-preload/contract/define.ts';
import type { FirewallList } from '../../../src-preload/contract/firewall.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { operateState, useFirewallStatusStore } from './firewall-status-store.ts';
import { cellText } from './table/visible-text.ts';
import { useFirewallList } from './use-firewall-list.ts';
import { fill } from '../../ui/fill-template.ts';
import { useCatalogSection } from '../../ui/use-catalog-section.ts';


export interface ListColumn<T> {
  title: string;
  cell(item: T): string | null;
}

export interface FormField {
  name: string;
  label: string;
  placeholder?: string;
  options?: readonly { value: string; label: string }[];
}

/** What an item of every such list has besides its own fields. */
interface ListItem {
  id: string;
  description: string | null;
  createdAt: string | null;
}

interface Props<T extends ListItem> {
  profileId: string;
  words: {
    title: string;
    /** "allow list entry", "domain rule": how buttons and dialogs name one item. */
    noun: string;
    explanation: string;
  };
  /** The item's own columns and form fields; its description and creation time follow them. */
  ownColumns: readonly ListColumn<T>[];
  ownFields: readonly FormField[];
  /** The item's name in "Delete …?" and in its row's label. */
  nameOf(item: T): string;
  read(profileId: string): Promise<IpcResult<FirewallList<T>>>;
  /** `values` has every field's name, `description` among them. */
  add(values: Record<string, string>): Promise<IpcResult<unknown>>;
  remove(item: T): Promise<IpcResult<unknown>>;
}

/** A list read from the appliance with add and delete: the allow list and the domain rules. */
export function EditableList<T extends ListItem>(props: Props<T>) {
  const { profileId, nameOf, words: { noun, title, explanation } } = props;
  const s = useCatalogSection('firewall').list;
  const columns: readonly ListColumn<T>[] = [
    ...props.ownColumns,
    { title: s.description, cell: (item) => item.description },
    { title: s.created, cell: (item) => (item.createdAt ? new Date(item.createdAt).toLocaleString() : null) },
  ];
  const fields: readonly FormField[] = [...props.ownFields, { name: 'description', label: s.description }];
  const [state, reload] = useFirewallList(profileId, props.read);
  const capabilities = useFirewallStatusStore((store) => store.capabilities[profileId]);
  const operate = operateState(capabilities);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<T | null>(null);

  return (
    <section className="fw-list-section" aria-label={title}>
      <div className="fw-toolbar">
        <p className="muted fw-explanation">{explanation}</p>
        <button type="button" className="button-primary" disabled={!operate.allowed} title={operate.reason} onClick={() => setAdding(true)}>
          {fill(s.add, { noun })}
        </button>
      </div>
      {adding && (
        <AddForm
          noun={noun}
          fields={fields}
          add={props.add}
          onDone={() => {
            setAdding(false);
            void reload();
          }}
        />
      )}
      {state.status === 'loading' && <p className="muted">{fill(s.reading, { list: title.toLowerCase() })}</p>}
      {state.status === 'failed' && <ErrorNotice error={state.error} title={fill(s.readFailed, { list: title.toLowerCase() })} />}
      {state.status === 'ready' && state.error && <ErrorNotice error={state.error} title={fill(s.refreshFailed, { list: title.toLowerCase() })} />}
      {state.status === 'ready' && (
        <table className="fw-table" aria-label={title}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.title} scope="col">
                  {column.title}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">{s.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {state.list.items.map((item) => (
              <tr key={item.id} aria-label={nameOf(item)}>
                {columns.map((column) => (
                  <td key={column.title} className="fw-wrap">
                    <bdi>{cellText(column.cell(item) ?? '')}</bdi>
                  </td>
                ))}
                <td>
                  <button
                    type="button"
                    className="button-danger"
                    disabled={!operate.allowed}
                    title={operate.reason}
                    aria-label={fill(s.deleteNamed, { name: nameOf(item) })}
                    onClick={() => setDeleting(item)}
                  >
                    {s.delete}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {state.status === 'ready' && state.list.items.length === 0 && <p className="muted">{fill(s.empty, { list: title.toLowerCase() })}</p>}
      {deleting && (
        <ConfirmDialog
          title={fill(s.deleteTitle, { name: cellText(nameOf(deleting), 80) })}
          confirmLabel={s.delete}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            const result = await props.remove(deleting);
            if (result.ok) void reload();
            return result;
          }}
        >
          <p>
            {fill(s.deleteBody, { noun })} <bdi>{cellText(nameOf(deleting), 200)}</bdi>
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

function AddForm({ noun, fields, add, onDone }: { noun: string; fields: readonly FormField[]; add: Props<ListItem>['add']; onDone(): void }) {
  const firewallStrings = useCatalogSection('firewall');
  const s = firewallStrings.list;
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((field) => [field.name, field.options?.[0]?.value ?? ''])),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const fieldError = (name: string) => error?.fieldErrors?.find((field) => field.path === name)?.message;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await add(values);
    setBusy(false);
    if (result.ok) onDone();
    else setError(result.error);
  };

  return (
    <form className="card fw-form" aria-label={fill(s.add, { noun })} onSubmit={(event) => void submit(event)}>
      {fields.map((field) => (
        <label key={field.name} className={fieldError(field.name) ? 'field field-invalid' : 'field'}>
          <span className="field-label">{field.label}</span>
          {field.options ? (
            <select value={values[field.name]} onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}>
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          ) : (
            <input
              value={values[field.name]}
              placeholder={field.placeholder}
              onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
            />
          )}
          {fieldError(field.name) && <span className="field-error">{fieldError(field.name)}</span>}
        </label>
      ))}
      {error && !error.fieldErrors && <ErrorNotice error={error} title={s.notAdded} />}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onDone}>
          {firewallStrings.confirm.cancel}
        </button>
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? s.adding : s.addButton}
        </button>
      </div>
    </form>
  );
}
