import { describe, expect, it } from 'vitest';
import { addressLines } from './address-lines';

describe('address lines', () => {
  it('puts the street on the first line and city, state and zip on the second', () => {
    expect(addressLines({ brokerAddress: '101 E Kennedy Blvd', fullAddress: '101 E Kennedy Blvd, Tampa, FL 33602' })).toEqual([
      '101 E Kennedy Blvd',
      'Tampa, FL 33602',
    ]);
  });

  it('keeps a full address that does not start with the street on one line', () => {
    expect(addressLines({ brokerAddress: 'PO Box 12', fullAddress: 'Tampa, FL 33602' })).toEqual(['Tampa, FL 33602', '']);
  });
});
