import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcResult } from '../../../../src-shared/contract/define.ts';
import type { Permission, QueuedWrite } from '../../../../src-shared/contract/firewall.ts';
import { WaitingWrites } from '../../outbox/index.ts';
import { ConfirmDelete } from './ConfirmDelete.tsx';
import { PagedTable } from './PagedTable.tsx';
import { ReadOnlyNotice } from './ReadOnlyNotice.tsx';
import type { AppliancePage } from './admin-data.ts';
import type { AdminColumn } from './admin-columns.tsx';

interface Props<T extends { id: string; name: string }> {
  profileId: string;
  /** Names the table's remembered columns (`firewall.policies`). */
  tableId: string;
  region: string;
  addLabel: string;
  /** Whether the key and edition let the user change these objects, and if not why. */
  access: Permission;
  list: AppliancePage<T>;
  /** The outbox's kind of these objects' writes (`policy`): those not sent yet are shown above the list. */
  writeKind: string;
  /** More of the toolbar, e.g. a filter. */
  toolbar?: ReactNode;
  /** The object's own columns; Edit and Delete follow. */
  columns: readonly AdminColumn<T>[];
  /** Buttons of the row before Edit and Delete. */
  rowActions?(item: T): ReactNode;
  /** How wide the row's buttons are together, when it has more than Edit and Delete. */
  actionsWidth?: number;
  rowClassName?(item: T): string;
  /** The create (no item) or edit form. */
  form(item: T | undefined, done: { onClose(): void; onSaved(): void }): ReactNode;
  /** null once the appliance removed it; a write that waits shows with the list's changes not sent yet. */
  remove(item: T): Promise<IpcResult<QueuedWrite | null>>;
  onDeleted?(item: T): void;
  /** Shown below the list, e.g. the selected object's events. */
  children?: ReactNode;
}

/**
 * A paged list of appliance objects the user creates, edits and deletes (policies, address objects,
 * honeypots): read-only controls with the reason when the key or edition may not change them.
 */
export function AdminObjectList<T extends { id: string; name: string }>(props: Props<T>) {
  const { t } = useTranslation();
  const { access, list } = props;
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const writable = access.state !== 'denied';
  const close = () => setEditing(null);

  return (
    <section className="admin-section" aria-label={props.region}>
      <ReadOnlyNotice profileId={props.profileId} permission={access} />
      <WaitingWrites profileId={props.profileId} kind={props.writeKind} />
      <PagedTable
        tableId={props.tableId}
        label={props.region}
        list={list}
        beforeRefresh={
          <button type="button" className="button-primary" disabled={!writable} title={access.reason} onClick={() => setEditing('new')}>
            {props.addLabel}
          </button>
        }
        afterRefresh={props.toolbar}
        columns={[
          ...props.columns,
          {
            id: 'actions',
            title: t('firewallAdmin.common.actions'),
            pinned: 'end',
            width: props.actionsWidth ?? 150,
            text: () => '',
            cell: (item) => (
              <span className="admin-actions">
                {props.rowActions?.(item)}
                <button type="button" className="button" disabled={!writable} title={access.reason} onClick={() => setEditing(item)} aria-label={`${t('firewallAdmin.common.edit')} ${item.name}`}>
                  {t('firewallAdmin.common.edit')}
                </button>
                <button type="button" className="button-danger" disabled={!writable} title={access.reason} onClick={() => setDeleting(item)} aria-label={`${t('firewallAdmin.common.delete')} ${item.name}`}>
                  {t('firewallAdmin.common.delete')}
                </button>
              </span>
            ),
          },
        ]}
        {...(props.rowClassName && { rowClassName: props.rowClassName })}
      />
      {props.children}
      {editing &&
        props.form(editing === 'new' ? undefined : editing, {
          onClose: close,
          onSaved: () => {
            close();
            list.reload();
          },
        })}
      {deleting && (
        <ConfirmDelete
          name={deleting.name}
          remove={() => props.remove(deleting)}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            props.onDeleted?.(deleting);
            setDeleting(null);
            list.reload();
          }}
        />
      )}
    </section>
  );
}
