import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcResult } from '../../../src-shared/contract/define.ts';
import type { FirewallList } from '../../../src-shared/contract/firewall.ts';
import { useFormWrite } from '../../ui/use-form-write.ts';
import { WaitingWrites } from '../outbox/index.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Time } from '../../ui/Time.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { useOperateState } from './operate-state.ts';
import { cellText } from './table/visible-text.ts';
import { AddressText } from '../../ui/AddressText.tsx';
import { FormActions } from '../../ui/FormActions.tsx';

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
    /** "allow list", "domain rules": the list's name inside a sentence. */
    listName: string;
    explanation: string;
  };
  /** The item's own columns and form fields; its description and creation time follow them. */
  ownColumns: readonly ListColumn<T>[];
  ownFields: readonly FormField[];
  /** The item's name in "Delete …?" and in its row's label. */
  nameOf(item: T): string;
  list: UseQueryResult<FirewallList<T>>;
  /** The outbox's kind of this list's writes (`allowEntry`): those not sent yet are shown with the list. */
  writeKind: string;
  /** `values` has every field's name, `description` among them. */
  add(values: Record<string, string>): Promise<IpcResult<unknown>>;
  remove(item: T): Promise<IpcResult<unknown>>;
}

/** A list read from the appliance with add and delete: the allow list and the domain rules. */
export function EditableList<T extends ListItem>(props: Props<T>) {
  const { t } = useTranslation();
  const { profileId, nameOf, list, words: { noun, title, listName, explanation } } = props;
  const fields: readonly FormField[] = [...props.ownFields, { name: 'description', label: t('firewall.list.description') }];
  const operate = useOperateState(profileId);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<T | null>(null);

  return (
    <section className="fw-list-section" aria-label={title}>
      <div className="fw-toolbar">
        <p className="muted fw-explanation">{explanation}</p>
        <button type="button" className="button-primary" disabled={!operate.allowed} title={operate.reason} onClick={() => setAdding(true)}>
          {t('firewall.list.add', { noun })}
        </button>
      </div>
      {adding && <AddForm noun={noun} fields={fields} add={props.add} onDone={() => setAdding(false)} />}
      <WaitingWrites profileId={profileId} kind={props.writeKind} />
      {list.isPending && <p className="muted">{t('firewall.list.reading', { list: listName })}</p>}
      {list.isError && <ErrorNotice read error={list.error} title={t(list.data ? 'firewall.list.refreshFailed' : 'firewall.list.readFailed', { list: listName })} />}
      {list.data && (
        <table className="fw-table" aria-label={title}>
          <thead>
            <tr>
              {props.ownColumns.map((column) => (
                <th key={column.title} scope="col">
                  {column.title}
                </th>
              ))}
              <th scope="col">{t('firewall.list.description')}</th>
              <th scope="col">{t('firewall.list.created')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('firewall.list.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.items.map((item) => (
              <tr key={item.id} aria-label={nameOf(item)}>
                {props.ownColumns.map((column) => (
                  <td key={column.title} className="fw-wrap">
                    <bdi>
                      <AddressText text={column.cell(item) ?? ''} show={cellText} />
                    </bdi>
                  </td>
                ))}
                <td className="fw-wrap">
                  <bdi>
                    <AddressText text={item.description ?? ''} show={cellText} />
                  </bdi>
                </td>
                <td>{item.createdAt && <Time value={item.createdAt} />}</td>
                <td>
                  <button
                    type="button"
                    className="button-danger"
                    disabled={!operate.allowed}
                    title={operate.reason}
                    aria-label={t('firewall.list.deleteNamed', { name: nameOf(item) })}
                    onClick={() => setDeleting(item)}
                  >
                    {t('firewall.list.delete')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.data?.items.length === 0 && <p className="muted">{t('firewall.list.empty', { list: listName })}</p>}
      {deleting && (
        <ConfirmDialog
          title={t('firewall.list.deleteTitle', { name: cellText(nameOf(deleting), 80) })}
          confirmLabel={t('firewall.list.delete')}
          onClose={() => setDeleting(null)}
          onConfirm={() => props.remove(deleting)}
        >
          <p>
            {t('firewall.list.deleteBody', { noun })} <bdi>{cellText(nameOf(deleting), 200)}</bdi>
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

interface AddFormProps {
  noun: string;
  fields: readonly FormField[];
  add: Props<ListItem>['add'];
  /** Values filled in (an address card's address). */
  initial?: Readonly<Record<string, string>>;
  onDone(): void;
}

/** The form an item of such a list is added with: the list's own, and an address card's. */
export function AddForm({ noun, fields, add, initial = {}, onDone }: AddFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((field) => [field.name, initial[field.name] ?? field.options?.[0]?.value ?? ''])),
  );
  const { busy, error, fieldError, onSubmit } = useFormWrite(() => add(values), onDone);

  return (
    <form className="card fw-form" aria-label={t('firewall.list.add', { noun })} onSubmit={onSubmit}>
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
      {error && !error.fieldErrors && <ErrorNotice error={error} title={t('firewall.list.notAdded')} />}
      <FormActions cancel={t('firewall.confirm.cancel')} onCancel={onDone} submit={busy ? t('firewall.list.adding') : t('firewall.list.addButton')} busy={busy} />
    </form>
  );
}
