import type { ReactNode } from 'react';

/**
 * The header row of a table drawn as cards on a phone (`admin-table--cards`): its roles are said
 * outright, since browsers may drop a table's semantics once it is not displayed as one.
 */
export function CardTableHead({ columns }: { columns: readonly ReactNode[] }) {
  return (
    <thead role="rowgroup">
      <tr role="row">
        {columns.map((column, index) => <th key={index} role="columnheader" scope="col">{column}</th>)}
      </tr>
    </thead>
  );
}
