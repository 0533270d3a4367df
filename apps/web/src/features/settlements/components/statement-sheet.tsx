import {
  addedMoney,
  deductedMoney,
  lineCapText,
  STATEMENT_WORDS,
  statementGallons,
  statementMiles,
  statementMoney,
  statementPeriod,
  statementRate,
  type TStatement,
  type TStatementReply,
} from '@haulboard/contract';
import { Alert, Box, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { formatDate, formatDateTime } from '../../../lib/format';

// Figures and words come from the contract's statement-format.ts, which the PDF uses too.

/** The sheet's width below which its tables no longer fit (a phone); Letter paper is wider. */
const NARROW = 600;

/**
 * On a narrow sheet every table row becomes a block of lines: the main text on its own line, the
 * amount on the right, the other cells labelled. Paper and wider screens keep the tables.
 */
const reflow = {
  [`@container settlement-statement (max-width: ${NARROW - 0.02}px)`]: {
    '& table, & tbody, & tfoot': { display: 'block' },
    '& thead, & colgroup': { display: 'none' },
    '& tr': { display: 'flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.25, py: 0.75, borderBottom: 1, borderColor: 'divider' },
    '& tfoot tr': { borderBottom: 0 },
    '& td': { display: 'block', border: 0, p: '0 !important', width: 'auto !important' },
    '& td:empty': { display: 'none' },
    '& td[data-label]::before': { content: 'attr(data-label) " "', color: 'text.secondary' },
    '& td.main': { flex: '1 1 60%', order: 0, fontWeight: 700 },
    '& td.amount': { order: 1, fontWeight: 700, textAlign: 'right', marginLeft: 'auto' },
    '& td.wide': { order: 2, flexBasis: '100%' },
    '& td.detail': { order: 3 },
    '& .sheet-head': { flexDirection: 'column' },
    '& .sheet-head-right': { textAlign: 'left' },
  },
} as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 2.5 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, borderBottom: 1, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const None = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" sx={{ py: 0.75 }}>
    {children}
  </Typography>
);

/** A footer line of a table: the label over the first columns, the amount in the last. */
function TotalRow({ label, amount, span }: { label: string; amount: string; span: number }) {
  return (
    <TableRow sx={{ '& td': { fontWeight: 700, color: 'inherit', borderBottom: 0 } }}>
      <TableCell className="main" colSpan={span}>
        {label}
      </TableCell>
      <TableCell className="amount" align="right">
        {amount}
      </TableCell>
    </TableRow>
  );
}

/** Under a list the API cut (a week of thousands of lines): how many are shown, and that the PDF has them all. */
function CutNotice({ shown, total, noun }: { shown: number; total: number; noun: string }) {
  if (shown >= total) return null;
  return (
    <Alert severity="info" sx={{ mt: 0.5, py: 0 }} data-testid="lines-cut">
      {lineCapText(noun, shown, total, true)}
    </Alert>
  );
}

function HeadLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Typography variant="body2">
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:
      </Box>{' '}
      <Box component="span" sx={{ fontWeight: 600 }}>
        {children}
      </Box>
    </Typography>
  );
}


/** 'S-000012, revision 2' for a frozen statement; 'Draft' while the week is open. */
export const statementLabel = (s: Pick<TStatement, 'statementNumber' | 'revision'>) =>
  s.statementNumber ? `${s.statementNumber}${s.revision && s.revision > 1 ? `, revision ${s.revision}` : ''}` : 'Draft';

/**
 * One driver's weekly settlement statement, laid out like a carrier's: the header (carrier, payee,
 * unit, pay period, statement number, pay date), the loads, the additions, the itemised deductions
 * (fuel-card lines, expenses, the administration fee and its basis), the summary and year to date.
 */
export function StatementSheet({ statement: s }: { statement: TStatementReply }) {
  const counts = s.lineCounts;
  const deductionsCount = counts.fuel + counts.expenses;
  return (
    <Box
      className="settlement-statement"
      data-testid="settlement-statement"
      sx={{ '& td, & th': { px: 0.75, py: 0.5, fontSize: 12 }, '& tr': { breakInside: 'avoid' }, ...reflow }}
    >
      <Box component="header" className="sheet-head" sx={{ mb: 2, display: 'flex', justifyContent: 'space-between', gap: 2, borderBottom: 2, pb: 1 }}>
        <Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {s.carrier.name}
          </Typography>
          <Typography variant="subtitle1">{STATEMENT_WORDS.title}</Typography>
          <Box sx={{ mt: 1 }}>
            <HeadLine label="Payee">{s.payee.name}</HeadLine>
            <HeadLine label="Unit">{s.unitNumber ?? STATEMENT_WORDS.noUnit}</HeadLine>
          </Box>
        </Box>
        <Box className="sheet-head-right" sx={{ textAlign: 'right' }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 700 }} data-testid="statement-number">
            {s.statementNumber ? `Statement ${statementLabel(s)}` : STATEMENT_WORDS.draft}
          </Typography>
          <HeadLine label="Pay period">
            {statementPeriod(s.week)}
          </HeadLine>
          <HeadLine label="Pay date">{formatDate(s.payDate)}</HeadLine>
          {s.closed ? (
            <Typography variant="body2">
              Closed {formatDateTime(s.closed.closedOn)}
              {s.closed.closedBy ? ` by ${s.closed.closedBy}` : ''}
            </Typography>
          ) : (
            <Typography variant="body2">Week open: figures may still change</Typography>
          )}
        </Box>
      </Box>

      <Section title="Loads">
        {s.loads.length === 0 ? (
          <None>{STATEMENT_WORDS.noLoads}</None>
        ) : (
          <Table size="small" aria-label="Loads">
            <TableHead>
              <TableRow sx={{ '& th': { fontWeight: 700 } }}>
                {STATEMENT_WORDS.loadColumns.map((c, i) => (
                  <TableCell key={c} align={i >= 3 ? 'right' : undefined}>
                    {c}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {s.loads.map((l) => (
                <TableRow key={l.loadId}>
                  <TableCell className="main" sx={{ wordBreak: 'break-all' }}>
                    {l.loadNumber}
                    <Typography component="span" variant="caption" sx={{ display: 'block', fontWeight: 400 }}>
                      {l.loadStatusName}
                    </Typography>
                  </TableCell>
                  <TableCell className="detail" data-label="Dates">
                    {formatDate(l.startDate)} – {formatDate(l.endDate)}
                  </TableCell>
                  <TableCell className="wide">
                    {l.origin} → {l.destination}
                    {l.teammate && (
                      <Typography component="span" variant="caption" sx={{ display: 'block' }}>
                        {STATEMENT_WORDS.teamLoad(l.teammate)}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell className="detail" data-label="Miles" align="right">
                    {statementMiles(l.tripLength)}
                  </TableCell>
                  <TableCell className="detail" data-label="Rate" align="right">
                    {statementRate(l.rate)}
                  </TableCell>
                  <TableCell className="detail" data-label="Load pay" align="right">
                    {statementMoney(l.loadPayout)}
                  </TableCell>
                  <TableCell className="amount" align="right">
                    {statementMoney(l.payout)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TotalRow label={`Gross · ${counts.loads.toLocaleString('en-US')} ${counts.loads === 1 ? 'load' : 'loads'}`} amount={statementMoney(s.gross)} span={6} />
            </TableFooter>
          </Table>
        )}
        <CutNotice shown={s.loads.length} total={counts.loads} noun="loads" />
      </Section>

      <Section title="Additions and reimbursements">
        {s.additions.length === 0 ? (
          <None>{STATEMENT_WORDS.noAdditions}</None>
        ) : (
          <Table size="small" aria-label="Additions">
            <TableBody>
              {s.additions.map((a) => (
                <TableRow key={`${a.expenseId}-${a.expenseDate}`}>
                  <TableCell className="wide" sx={{ width: '16%' }}>
                    {formatDate(a.expenseDate)}
                  </TableCell>
                  <TableCell className="main">
                    {a.expenseName}
                    <Typography component="span" variant="caption" sx={{ display: 'block', fontWeight: 400 }}>
                      {a.expenseTypeName}
                      {a.occurrence ? ` · ${a.occurrence}` : ''}
                    </Typography>
                  </TableCell>
                  <TableCell className="amount" align="right" sx={{ width: '18%' }}>
                    {addedMoney(a.amount)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TotalRow label="Total additions" amount={addedMoney(s.totalAdditions)} span={2} />
            </TableFooter>
          </Table>
        )}
        <CutNotice shown={s.additions.length} total={counts.additions} noun="additions" />
      </Section>

      <Section title="Deductions">
        <Typography variant="body2" component="h3" sx={{ fontWeight: 700, mt: 1 }}>
          Fuel card{s.unitNumber ? ` · unit ${s.unitNumber}` : ''}
        </Typography>
        {s.fuel.length === 0 ? (
          <None>{s.unitNumber ? STATEMENT_WORDS.noFuel : STATEMENT_WORDS.noFuelWithoutUnit}</None>
        ) : (
          <Table size="small" aria-label="Fuel">
            <TableHead>
              <TableRow sx={{ '& th': { fontWeight: 700 } }}>
                {STATEMENT_WORDS.fuelColumns.map((c, i) => (
                  <TableCell key={c} align={i >= 3 ? 'right' : undefined} sx={i === 0 ? { width: '14%' } : i === 4 ? { width: '18%' } : undefined}>
                    {c}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {s.fuel.map((f) => (
                <TableRow key={f.fuelTransactionId}>
                  <TableCell className="detail">{formatDate(f.fuelDate)}</TableCell>
                  <TableCell className="wide">
                    {f.location ? `${f.location}, ` : ''}
                    {f.stateCode}
                    {/* Late fuel: deducted here, dated in an earlier (closed) week. */}
                    {f.lateFrom && (
                      <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.85em' }}>
                        {f.lateFrom}
                      </Box>
                    )}
                  </TableCell>
                  <TableCell className="main">{f.productName}</TableCell>
                  <TableCell className="detail" data-label="Gallons" align="right">
                    {statementGallons(f.quantity)}
                  </TableCell>
                  <TableCell className="amount" align="right">
                    {deductedMoney(f.amount)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TotalRow label="Total fuel" amount={deductedMoney(s.totalFuel)} span={4} />
              {(s.fuelSplit ?? []).map((part) => (
                <TableRow key={part.label} sx={{ '& td': { borderBottom: 0, color: 'text.secondary' } }} data-testid="fuel-split">
                  <TableCell className="main" colSpan={4} sx={{ pl: 3 }}>
                    {part.label}
                  </TableCell>
                  <TableCell className="amount" align="right">
                    {deductedMoney(part.amount)}
                  </TableCell>
                </TableRow>
              ))}
            </TableFooter>
          </Table>
        )}
        <CutNotice shown={s.fuel.length} total={counts.fuel} noun="fuel-card lines" />

        <Typography variant="body2" component="h3" sx={{ fontWeight: 700, mt: 1.5 }}>
          Expenses
        </Typography>
        {s.expenses.length === 0 ? (
          <None>{STATEMENT_WORDS.noExpenses}</None>
        ) : (
          <Table size="small" aria-label="Expenses">
            <TableBody>
              {s.expenses.map((e) => (
                <TableRow key={`${e.expenseId}-${e.expenseDate}`}>
                  <TableCell className="wide" sx={{ width: '14%' }}>
                    {formatDate(e.expenseDate)}
                  </TableCell>
                  <TableCell className="main">
                    {e.expenseName}
                    <Typography component="span" variant="caption" sx={{ display: 'block', fontWeight: 400 }}>
                      {e.expenseTypeName}
                      {e.occurrence ? ` · ${e.occurrence}` : ''}
                    </Typography>
                  </TableCell>
                  <TableCell className="amount" align="right" sx={{ width: '18%' }}>
                    {deductedMoney(e.amount)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TotalRow label="Total expenses" amount={deductedMoney(s.totalExpense)} span={2} />
            </TableFooter>
          </Table>
        )}
        <CutNotice shown={s.expenses.length} total={counts.expenses} noun="expenses" />

        <Table size="small" aria-label="Administration fee" sx={{ mt: 1 }}>
          <TableBody>
            <TableRow>
              <TableCell className="main" sx={{ fontWeight: 700 }}>
                Administration fee
                <Typography component="span" variant="caption" sx={{ display: 'block', fontWeight: 400 }}>
                  {s.feeBasis}
                </Typography>
              </TableCell>
              <TableCell className="amount" align="right" sx={{ width: '18%' }}>
                {deductedMoney(s.administrationFee)}
              </TableCell>
            </TableRow>
          </TableBody>
          <TableFooter>
            <TotalRow
              label={`Total deductions · ${(deductionsCount + 1).toLocaleString('en-US')} ${deductionsCount + 1 === 1 ? 'line' : 'lines'}`}
              amount={deductedMoney(s.totalDeductions)}
              span={1}
            />
          </TableFooter>
        </Table>
      </Section>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', breakInside: 'avoid' }}>
        <Box component="section" aria-label="Summary" sx={{ border: 2, p: 1.5 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
            Summary
          </Typography>
          <SumLine label="Gross">{statementMoney(s.gross)}</SumLine>
          <SumLine label="+ Additions">{statementMoney(s.totalAdditions)}</SumLine>
          <SumLine label="− Deductions">{statementMoney(s.totalDeductions)}</SumLine>
          <Box sx={{ borderTop: 1, mt: 0.5, pt: 0.5 }}>
            <SumLine label="= Net pay" strong testId="statement-net">
              {statementMoney(s.net)}
            </SumLine>
          </Box>
          {s.carry && (
            <Typography variant="body2" data-testid="statement-carry" sx={{ mt: 0.5 }}>
              Negative balance of {statementMoney(s.carry.amount)} carried to week {s.carry.toWeek}, deducted there.
            </Typography>
          )}
        </Box>
        <Box component="section" aria-label="Year to date" sx={{ border: 1, p: 1.5 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
            Year to date ({s.week.year})
          </Typography>
          <SumLine label="Gross">{statementMoney(s.ytd.gross)}</SumLine>
          <SumLine label="Additions">{statementMoney(s.ytd.additions)}</SumLine>
          <SumLine label="Deductions">{statementMoney(s.ytd.deductions)}</SumLine>
          <SumLine label="Net pay" strong>
            {statementMoney(s.ytd.net)}
          </SumLine>
          <Box sx={{ borderTop: 1, mt: 0.5, pt: 0.5 }}>
            <SumLine label="Escrow balance">{statementMoney(s.ytd.escrow)}</SumLine>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}

function SumLine({ label, strong, testId, children }: { label: string; strong?: boolean; testId?: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, fontWeight: strong ? 700 : 400 }}>
      <Typography variant="body2" sx={{ fontWeight: 'inherit' }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 'inherit' }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}
