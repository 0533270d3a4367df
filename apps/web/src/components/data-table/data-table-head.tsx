import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel, { tableSortLabelClasses } from '@mui/material/TableSortLabel';
import type { Ref } from 'react';
import type { TColumn, TSort } from './types';

// The arrow takes no room in the label: narrow columns don't wrap or overflow for it, and a header's text
// lines up with its column's values. It sits in the cell padding after the text, or before it in
// right-aligned (numeric) columns.
const arrow = { position: 'absolute', fontSize: 16, m: 0 } as const;
const arrowAfter = { position: 'relative', [`& .${tableSortLabelClasses.icon}`]: { ...arrow, left: '100%' } } as const;
const arrowBefore = { position: 'relative', [`& .${tableSortLabelClasses.icon}`]: { ...arrow, right: '100%' } } as const;

type TDataTableHeadProps<T> = {
  columns: TColumn<T>[];
  sort: TSort;
  onSortClick: (columnId: string) => void;
  ref?: Ref<HTMLTableSectionElement>;
};

export function DataTableHead<T>({ columns, sort, onSortClick, ref }: TDataTableHeadProps<T>) {
  return (
    <TableHead ref={ref}>
      <TableRow aria-rowindex={1}>
        {columns.map((column) => {
          const direction = sort?.id === column.id ? (sort.desc ? 'desc' : 'asc') : false;
          return (
            // sortDirection makes MUI set aria-sort on the header cell of the sorted column.
            <TableCell key={column.id} align={column.align} sortDirection={direction}>
              {(column.sortable ?? true) ? (
                <TableSortLabel
                  active={direction !== false}
                  direction={direction || 'asc'}
                  onClick={() => onSortClick(column.id)}
                  sx={column.align === 'right' ? arrowBefore : arrowAfter}
                >
                  {column.header}
                </TableSortLabel>
              ) : (
                column.header
              )}
            </TableCell>
          );
        })}
      </TableRow>
    </TableHead>
  );
}
