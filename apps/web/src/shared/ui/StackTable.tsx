import type { Key, ReactNode } from 'react';
import './stack-table.css';

export interface StackColumn<Row> {
  /** The column's heading; on a phone also the label in front of each cell. */
  label: string;
  cell: (row: Row) => ReactNode;
}

/**
 * A table that becomes cards on a phone (below 600 px): each row a card, each cell with its column's name
 * (`data-label`), the header row only for screen readers. The explicit roles keep it a table for screen readers
 * when its display changes. Wider than the screen, it scrolls sideways in a region the keyboard can focus,
 * named by the caption.
 */
export function StackTable<Row>({
  caption,
  captionHidden = false,
  columns,
  rows,
  rowKey,
  rowClassName,
}: {
  caption: string;
  captionHidden?: boolean;
  columns: StackColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  rowClassName?: (row: Row) => string;
}) {
  return (
    <div className="vh-stack-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="vh-stack-table" role="table">
        <caption className={captionHidden ? 'vh-visually-hidden' : undefined}>{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th key={column.label} scope="col" role="columnheader">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)} role="row">
              {columns.map((column) => (
                <td key={column.label} role="cell" data-label={column.label}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
