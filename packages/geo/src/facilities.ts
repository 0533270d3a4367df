/**
 * Freight facilities by the load board's stop code (its trips export names stops by code only):
 * the city and state each code stands for. Codes imitate the real format; a code not listed here
 * leaves the city for the person to fill in.
 */
export type TFacility = { code: string; city: string; stateCode: string };

const ROWS: [code: string, city: string, stateCode: string][] = [
  ['DFW6', 'Dallas', 'TX'],
  ['FTW1', 'Fort Worth', 'TX'],
  ['HOU2', 'Houston', 'TX'],
  ['SAT1', 'San Antonio', 'TX'],
  ['ORD2', 'Chicago', 'IL'],
  ['MDW2', 'Joliet', 'IL'],
  ['ATL6', 'Atlanta', 'GA'],
  ['LAX9', 'Los Angeles', 'CA'],
  ['ONT8', 'Ontario', 'CA'],
  ['SBD2', 'San Bernardino', 'CA'],
  ['MCE1', 'Tracy', 'CA'],
  ['LGB3', 'Long Beach', 'CA'],
  ['MEM1', 'Memphis', 'TN'],
  ['BNA2', 'Nashville', 'TN'],
  ['CMH1', 'Columbus', 'OH'],
  ['IND9', 'Indianapolis', 'IN'],
  ['MDT1', 'Harrisburg', 'PA'],
  ['PHX3', 'Phoenix', 'AZ'],
  ['MKC4', 'Kansas City', 'MO'],
  ['SDF8', 'Louisville', 'KY'],
  ['CLT2', 'Charlotte', 'NC'],
  ['JAX3', 'Jacksonville', 'FL'],
  ['BWI2', 'Baltimore', 'MD'],
  ['EWR4', 'Edison', 'NJ'],
  ['DEN3', 'Denver', 'CO'],
  ['SLC1', 'Salt Lake City', 'UT'],
  ['BFI4', 'Kent', 'WA'],
  ['RNO4', 'Reno', 'NV'],
  ['DET1', 'Detroit', 'MI'],
  ['MSP1', 'Shakopee', 'MN'],
  ['OKC1', 'Oklahoma City', 'OK'],
];

const BY_CODE = new Map(ROWS.map(([code, city, stateCode]) => [code, { code, city, stateCode }]));

/** The facility a stop code names ('MCE1', ' mce1 '), or undefined. */
export const findFacility = (code: string | null | undefined): TFacility | undefined => (code ? BY_CODE.get(code.trim().toUpperCase()) : undefined);
