import { describe, expect, it } from 'vitest';
import {
  COMDATA_LAYOUT,
  EFS_LAYOUT,
  layoutFromMapping,
  MILES_QUARTER_LAYOUT,
  MOTIVE_LAYOUT,
  naturalKey,
  normaliseProduct,
  PILOT_LAYOUT,
  RELAY_PAYMENTS_LAYOUT,
  RELAY_TRIPS_LAYOUT,
  rowAccess,
  SAMSARA_LAYOUT,
  type TLayout,
  type TOutcome,
} from './layouts';
import { normaliseHeader } from './read';

/** Runs one row (header → value) through a layout. */
function run(layout: TLayout, row: Record<string, string>, ctx = {}): TOutcome[] {
  const headers = Object.keys(row);
  return layout.toRecords(rowAccess(2, Object.values(row), headers.map(normaliseHeader), layout), ctx);
}
const recordOf = (outcomes: TOutcome[]) => {
  const [o] = outcomes;
  if (!('record' in o)) throw new Error(`expected a record, got ${JSON.stringify(o)}`);
  return o;
};

const EFS_ROW = {
  'Card #': '7083050099990001',
  'Tran Date': '07/14/2025',
  'Tran Time': '06:42',
  Invoice: '004512',
  Unit: '101',
  'Driver Name': 'JOHN SMITH',
  'Location Name': 'PILOT #436',
  City: 'AMARILLO',
  'State/ Prov': 'TX',
  Item: 'ULSD',
  'Unit Price': '3.899',
  'Disc PPU': '3.499',
  Qty: '120.50',
  'Disc Amt': '48.20',
  Amt: '421.63',
  Currency: 'USD/Gallons',
};

describe('products', () => {
  it('tells tractor diesel from DEF, reefer, oil, cash advances and fees', () => {
    expect(normaliseProduct('ULSD')).toBe('diesel');
    expect(normaliseProduct('20', 'Truck Diesel')).toBe('diesel');
    expect(normaliseProduct('DEFD')).toBe('def');
    expect(normaliseProduct('140', 'Diesel Exhaust Fluid')).toBe('def');
    expect(normaliseProduct('Reefer Diesel')).toBe('reefer');
    expect(normaliseProduct('CADV')).toBe('cash_advance');
    expect(normaliseProduct('SCALE')).toBe('fees');
    expect(normaliseProduct('UNL')).toBe('gasoline');
    expect(normaliseProduct('XYZ')).toBe('other');
  });
});

describe('fuel layouts', () => {
  it('reads an EFS line: card last four, date and time, exact gallons, prices and amounts', () => {
    const { record, flag } = recordOf(run(EFS_LAYOUT, EFS_ROW));
    expect(flag).toBeUndefined();
    expect(record).toMatchObject({
      vendor: 'EFS (WEX)',
      card: '0001',
      date: '2025-07-14',
      time: '06:42:00',
      unit: '101',
      state: 'TX',
      product: 'diesel',
      quantity: '120.500',
      retailPrice: '3.8990',
      paidPrice: '3.4990',
      amount: '421.63',
      discount: '48.20',
      currency: 'USD',
      taxPaid: true,
      ifta: true,
    });
    // What the line is, not who read it: no layout name, no leading zeros a spreadsheet would drop.
    expect(naturalKey(record)).toBe('fuel|unit:101|2025-07-14T06:42|4512|diesel|120.500|421.63');
  });

  it('keeps DEF but flags it as non-IFTA', () => {
    const { record, flag } = recordOf(run(EFS_LAYOUT, { ...EFS_ROW, Item: 'DEFD', Qty: '8.20', Amt: '32.79' }));
    expect(record).toMatchObject({ product: 'def', ifta: false, taxPaid: false, quantity: '8.200' });
    expect(flag).toBe('Not IFTA fuel (DEF): kept for settlements, left out of IFTA');
  });

  // 378.54 L ÷ 3.785411784 = 100.000 gal; 1.899 C$/L × 3.785411784 = 7.18850; 1.799 × 3.785411784 = 6.80996.
  it('converts litres to US gallons and prices per litre to per gallon for a Canadian site', () => {
    const { record } = recordOf(
      run(EFS_LAYOUT, { ...EFS_ROW, 'State/ Prov': 'QC', Qty: '378.54', 'Unit Price': '1.899', 'Disc PPU': '1.799', Amt: '681.00', Currency: 'CAD/Litres' }),
    );
    expect(record).toMatchObject({ quantity: '100.000', originalQuantity: '378.540', originalUnit: 'L', currency: 'CAD', state: 'QC', retailPrice: '7.1885', paidPrice: '6.8100' });
  });

  it('refuses a diesel line whose date, quantity, amount or state cannot be read, naming the value', () => {
    expect(run(EFS_LAYOUT, { ...EFS_ROW, 'Tran Date': '13/45/2025' })).toEqual([{ refuse: 'the date "13/45/2025" is not a date' }]);
    expect(run(EFS_LAYOUT, { ...EFS_ROW, Qty: 'lots' })).toEqual([{ refuse: 'the quantity "lots" is not a number' }]);
    expect(run(EFS_LAYOUT, { ...EFS_ROW, Amt: 'N/A' })).toEqual([{ refuse: 'the amount "N/A" is not an amount' }]);
    expect(run(EFS_LAYOUT, { ...EFS_ROW, 'State/ Prov': 'Atlantis' })).toEqual([{ refuse: 'the state "Atlantis" is not a US state or Canadian province' }]);
    expect(run(EFS_LAYOUT, { ...EFS_ROW, 'State/ Prov': '' })).toEqual([{ refuse: 'the state or province is missing' }]);
  });

  it('reads Pilot: state and city from the site description, discount and prices from the totals', () => {
    const { record } = recordOf(
      run(PILOT_LAYOUT, {
        Authorization_No: '354187',
        UnitNo: '101',
        Card_No: '990001',
        SiteDescr: '436 Amarillo TX',
        Quantity: '120.50',
        InvoiceTotal: '421.63',
        RetailTotal: '469.83',
        TransactionDate: '2025-07-14',
        TransactionTime: '06:42',
        ProductCode: '20',
        ProductDescription: 'Truck Diesel',
      }),
    );
    // 469.83 − 421.63 = 48.20; 421.63 ÷ 120.5 = 3.49900…; 469.83 ÷ 120.5 = 3.89900…
    expect(record).toMatchObject({ city: 'Amarillo', state: 'TX', discount: '48.20', paidPrice: '3.4990', retailPrice: '3.8990', productCode: '20 Truck Diesel', authorization: '354187' });
  });

  it('splits a Comdata row into tractor diesel, flagged reefer fuel and a flagged cash advance', () => {
    const out = run(COMDATA_LAYOUT, {
      'Transaction Date': '07/21/25',
      'Transaction Number': '100234',
      'Unit Number': '103',
      'Truck Stop State': 'TX',
      'Transaction Time': '1315',
      'Number of Tractor Gallons': '140.000',
      'Tractor Fuel Price Per Gallon': '3.659',
      'Cost of Tractor Fuel': '512.26',
      'Number of Reefer Gallons': '25.000',
      'Reefer Price Per Gallon': '4.006',
      'Cost of Reefer Fuel': '100.14',
      'Cash Advance Amount': '150.00',
    });
    expect(out.map((o) => ('record' in o ? [o.record.kind === 'fuel' && o.record.product, o.record.kind === 'fuel' && o.record.amount, o.flag ?? null] : o))).toEqual([
      ['diesel', '512.26', null],
      ['reefer', '100.14', 'Not IFTA fuel (reefer fuel): kept for settlements, left out of IFTA'],
      ['cash_advance', '150.00', 'Not IFTA fuel (cash advance): kept for settlements, left out of IFTA'],
    ]);
  });
});

describe('miles layouts', () => {
  const row = { Year: '2025', Quarter: '3', Unit: '101', Jurisdiction: 'Texas', 'Total Miles': '4,212.4', 'Taxable Miles': '4212.4', Source: 'ELD' };

  it('reads a per-quarter row with the jurisdiction normalised', () => {
    const { record } = recordOf(run(MILES_QUARTER_LAYOUT, row));
    expect(record).toMatchObject({ unit: '101', jurisdiction: 'TX', year: 2025, quarter: 3, totalMiles: '4212.400', taxableMiles: '4212.400', source: 'ELD' });
    expect(naturalKey(record)).toBe('miles|101|TX|2025Q3|ELD');
  });

  it('takes the period chosen for the import when the file has none, and refuses a row of another quarter', () => {
    const { Year: _y, Quarter: _q, ...bare } = row;
    expect(recordOf(run(MILES_QUARTER_LAYOUT, bare, { period: { year: 2025, quarter: 3 } })).record).toMatchObject({ year: 2025, quarter: 3 });
    expect(run(MILES_QUARTER_LAYOUT, bare)).toEqual([{ refuse: 'the year and quarter are missing: add Year and Quarter columns or choose them before importing' }]);
    expect(run(MILES_QUARTER_LAYOUT, { ...row, Quarter: 'Q2' }, { period: { year: 2025, quarter: 3 } })).toEqual([
      { refuse: 'the row is for 2025 Q2, not the chosen 2025 Q3' },
    ]);
    expect(run(MILES_QUARTER_LAYOUT, { ...row, Quarter: '5' })).toEqual([{ refuse: 'the quarter "5" is not 1 to 4' }]);
    expect(recordOf(run(MILES_QUARTER_LAYOUT, { ...row, Year: '', Quarter: '2025Q4' })).record).toMatchObject({ year: 2025, quarter: 4 });
  });

  it('refuses taxable miles above total miles and an unknown jurisdiction', () => {
    expect(run(MILES_QUARTER_LAYOUT, { ...row, 'Taxable Miles': '5000' })).toEqual([{ refuse: 'the taxable miles are more than the total miles' }]);
    expect(run(MILES_QUARTER_LAYOUT, { ...row, Jurisdiction: 'Atlantis' })).toEqual([{ refuse: 'the jurisdiction "Atlantis" is not a US state or Canadian province' }]);
  });

  it('flags miles in a place that is not an IFTA member (they count toward total miles)', () => {
    const out = recordOf(run(MILES_QUARTER_LAYOUT, { ...row, Jurisdiction: 'Alaska' }));
    expect(out.flag).toBe('AK is not an IFTA jurisdiction: its miles count toward total miles only');
  });

  it('converts Samsara meters to miles', () => {
    const { record } = recordOf(
      run(SAMSARA_LAYOUT, { vehicleName: '101', jurisdiction: 'ON', year: '2025', quarter: '3', totalMeters: '500000', taxableMeters: '482803.2' }),
    );
    // 500,000 m ÷ 1,609.344 = 310.6856 mi; 482,803.2 m = 300 mi exactly.
    expect(record).toMatchObject({ jurisdiction: 'ON', totalMiles: '310.686', taxableMiles: '300.000', source: 'Samsara' });
  });

  it('reads Motive trips in km when the account is metric, preferring calibrated odometers', () => {
    const base = { id: '1', date: '2025-07-14', jurisdiction: 'TX', vehicle_number: '101', start_odometer: '1', end_odometer: '2', calibrated_start_odometer: '10', calibrated_end_odometer: '20' };
    expect(recordOf(run(MOTIVE_LAYOUT, { ...base, distance: '160.9344', metric_units: 'true' })).record).toMatchObject({ totalMiles: '100.000', date: '2025-07-14', startOdometer: '10.000' });
    expect(recordOf(run(MOTIVE_LAYOUT, { ...base, distance: '' })).record).toMatchObject({ totalMiles: '10.000' });
  });
});

describe('Relay layouts', () => {
  it('reads a payment line with its item type upper-cased and skips the summary row', () => {
    const { record } = recordOf(
      run(RELAY_PAYMENTS_LAYOUT, { 'Invoice Number': 'RLYINV7Q2K9', 'Trip ID': 'T-114', 'Load ID': '', 'Item Type': 'Tour - Completed', 'Gross Pay': '(25.00)', 'Start Date': '07/16/2025' }),
    );
    expect(record).toMatchObject({ itemType: 'TOUR - COMPLETED', grossPay: '-25.00', startDate: '2025-07-16' });
    expect(run(RELAY_PAYMENTS_LAYOUT, { 'Invoice Number': '', 'Trip ID': '', 'Load ID': '', 'Item Type': '', 'Gross Pay': '955.77' })).toEqual([
      { skip: 'a summary row (total 955.77), not a payment line' },
    ]);
  });

  it('reads trip stops from double-space headers, and a blank status as rejected', () => {
    const { record } = recordOf(
      run(RELAY_TRIPS_LAYOUT, {
        'Block ID': 'B-1',
        'Trip ID': 'T-1',
        'Load ID': 'L-1',
        'Load Execution Status': '',
        'Stop 1': 'MCE1',
        'Stop 1 UTC Offset': '-07:00',
        'Stop 1  Actual Arrival Date': '07/19/2025',
        'Stop 1  Actual Arrival Time': '23:30',
      }),
    );
    expect(record).toMatchObject({ status: 'Rejected', stops: [{ stop: 1, facility: 'MCE1', utcOffset: '-07:00', actualArrival: '2025-07-19T23:30:00' }] });
  });
});

describe('column mappings', () => {
  it('builds a fuel layout from a mapping, all its columns required so a saved preset is recognised', () => {
    const layout = layoutFromMapping('fuel', { date: 'When', unit: 'Truck', state: 'ST', product: 'Fuel Type', quantity: 'Gal' }, 'Acme card');
    expect(layout.required).toEqual(['when', 'truck', 'st', 'fuel type', 'gal']);
    const { record } = recordOf(run(layout, { When: '2025-07-14T06:42:00-05:00', Truck: '101', ST: 'tx', 'Fuel Type': 'Diesel', Gal: '50' }));
    expect(record).toMatchObject({ vendor: 'Acme card', time: '06:42:00', state: 'TX', quantity: '50.000', product: 'diesel' });
  });

  it('refuses a mapping that leaves out a required field or names an unknown one', () => {
    expect(() => layoutFromMapping('fuel', { date: 'When', unit: 'Truck' })).toThrow('Choose a column for: State or province, Product, Gallons');
    expect(() => layoutFromMapping('miles', { unit: 'U', jurisdiction: 'J', totalMiles: 'M', colour: 'C' })).toThrow('Unknown field: colour');
  });

  it('makes a miles mapping with a trip date per trip', () => {
    expect(layoutFromMapping('miles', { unit: 'U', jurisdiction: 'J', totalMiles: 'M', date: 'D' }).aggregate).toBe(true);
    expect(layoutFromMapping('miles', { unit: 'U', jurisdiction: 'J', totalMiles: 'M' }).aggregate).toBe(false);
  });
});
