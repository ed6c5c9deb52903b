import type { Block, Inline } from '@contentful/rich-text-types';
import type { ReactNode } from 'react';

/**
 * A table whose leading header rows go into `<thead>` (normalizeDocument
 * counted them into `data.headerRows`), wrapped so wide tables scroll
 * instead of widening the page.
 */
export function renderTable(node: Block | Inline, children: ReactNode): ReactNode {
  const rows = Array.isArray(children) ? (children as ReactNode[]) : [children];
  const headerRows = typeof node.data.headerRows === 'number' ? node.data.headerRows : 0;
  const head = rows.slice(0, headerRows);
  const body = rows.slice(headerRows);
  return (
    <div className="rt-table">
      <table>
        {head.length > 0 ? <thead>{head}</thead> : null}
        {body.length > 0 ? <tbody>{body}</tbody> : null}
      </table>
    </div>
  );
}

/** `td`/`th` with validated spans; header cells carry the scope normalizeDocument worked out. */
export function renderCell(node: Block | Inline, children: ReactNode): ReactNode {
  const { colspan, rowspan, scope } = node.data as { colspan?: number; rowspan?: number; scope?: 'col' | 'row' };
  const spans = { ...(colspan ? { colSpan: colspan } : {}), ...(rowspan ? { rowSpan: rowspan } : {}) };
  if (node.nodeType === 'table-header-cell') {
    return (
      <th scope={scope ?? 'col'} {...spans}>
        {children}
      </th>
    );
  }
  return <td {...spans}>{children}</td>;
}
