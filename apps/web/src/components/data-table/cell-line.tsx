import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

type TCellLineProps = {
  children: ReactNode;
  /** Shown in the secondary text colour, e.g. the second line of a combined cell. */
  secondary?: boolean;
  /** The full text, shown on hover when the line is cut short; defaults to the children when they are text. */
  title?: string;
};

/** One line of a table cell that holds two or more: ends in an ellipsis when the column is narrow. */
export function CellLine({ children, secondary = false, title }: TCellLineProps) {
  return (
    <Box
      component="span"
      title={title ?? (typeof children === 'string' ? children : undefined)}
      sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', color: secondary ? 'text.secondary' : undefined }}
    >
      {children}
    </Box>
  );
}
