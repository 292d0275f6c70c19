import { useFormat } from '../../../ui/format.ts';
import { Fragment } from 'react';

/**
 * A report's body, whatever JSON the appliance sent: objects as term and value, lists of objects
 * as a table, everything else as text (never as markup).
 */
export function ReportContent({ value }: { value: unknown }) {
  if (Array.isArray(value)) {
    const rows = value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null && !Array.isArray(item));
    if (rows.length === value.length && rows.length > 0) {
      const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
      return (
        <table className="admin-table">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column}>{column}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                {columns.map((column) => (
                  <td key={column}>
                    <ReportContent value={row[column]} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    }
    return <span>{value.length === 0 ? '—' : value.map((item) => (typeof item === 'object' ? JSON.stringify(item) : String(item))).join(', ')}</span>;
  }
  if (typeof value === 'object' && value !== null) {
    return (
      <dl className="certificate-details">
        {Object.entries(value).map(([key, inner]) => (
          <Fragment key={key}>
            <dt>{key}</dt>
            <dd>
              <ReportContent value={inner} />
            </dd>
          </Fragment>
        ))}
      </dl>
    );
  }
  return <span>{value === undefined || value === null ? '' : typeof value === 'number' ? <ReportNumber value={value} /> : String(value)}</span>;
}

function ReportNumber({ value }: { value: number }) {
  return <>{useFormat().number(value)}</>;
}
