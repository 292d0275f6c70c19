import { useTranslation } from 'react-i18next';
import { cellText } from './visible-text.ts';
import { copyText } from '../../../ui/copy-text.ts';
import { ActionMenu, type MenuAction } from '../../../ui/ActionMenu.tsx';

/** Show only rows with the cell's value, or every row but those. */
export type FilterMode = 'in' | 'out';

export interface CellMenuTarget {
  x: number;
  y: number;
  column: string;
  title: string;
  /** The cell's whole text, as "Copy" puts it on the clipboard. */
  text: string;
  /** The value filters use; absent when the column cannot filter. */
  value: string | undefined;
  /** The value as the cell shows it, in words. */
  valueWords: string | undefined;
}

interface Props {
  target: CellMenuTarget;
  onFilter?(column: string, value: string, mode: FilterMode): void;
  onDismiss(): void;
}

/** A cell's context menu: copy its value; keep only rows with this value, or hide them. */
export function CellMenu({ target, onFilter, onDismiss }: Props) {
  const { t } = useTranslation();
  const shown = cellText(target.valueWords ?? target.text, 60);
  const { value } = target;
  const actions: MenuAction[] = [
    { id: 'copy', label: t('firewall.table.copy', { column: target.title }), onSelect: () => void copyText(target.text) },
    ...(onFilter && value !== undefined
      ? (['in', 'out'] as const).map((mode) => ({
          id: mode,
          label: (
            <>
              {t(mode === 'in' ? 'firewall.table.menuFilterIn' : 'firewall.table.menuFilterOut', { column: target.title })} <bdi>{shown}</bdi>
            </>
          ),
          onSelect: () => onFilter(target.column, value, mode),
        }))
      : []),
  ];
  return <ActionMenu label={`${target.title} ${shown}`} actions={actions} at={{ x: target.x, y: target.y }} placement="bottom-start" onClose={onDismiss} />;
}
