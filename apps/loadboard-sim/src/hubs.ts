import { findCity } from '@haulboard/geo';

/** Freight hubs the simulated board's work starts and ends at. Facility codes imitate the real format only. */
export type THub = {
  city: string;
  state: string;
  stopCode: string;
  /** The three-letter domicile code city search answers with. */
  domicile: string;
  postalCode: string;
  timeZone: string;
  latitude: number;
  longitude: number;
  /** How much of the board's work starts here. */
  weight: number;
};

const HUB_ROWS: [city: string, state: string, stopCode: string, postalCode: string, timeZone: string, weight: number][] = [
  ['Dallas', 'TX', 'DFW6', '75241', 'America/Chicago', 10],
  ['Fort Worth', 'TX', 'FTW1', '76177', 'America/Chicago', 4],
  ['Houston', 'TX', 'HOU2', '77032', 'America/Chicago', 7],
  ['San Antonio', 'TX', 'SAT1', '78219', 'America/Chicago', 3],
  ['Chicago', 'IL', 'ORD2', '60638', 'America/Chicago', 10],
  ['Joliet', 'IL', 'MDW2', '60436', 'America/Chicago', 5],
  ['Atlanta', 'GA', 'ATL6', '30344', 'America/New_York', 9],
  ['Los Angeles', 'CA', 'LAX9', '90058', 'America/Los_Angeles', 8],
  ['Ontario', 'CA', 'ONT8', '91761', 'America/Los_Angeles', 8],
  ['San Bernardino', 'CA', 'SBD2', '92408', 'America/Los_Angeles', 5],
  ['Tracy', 'CA', 'MCE1', '95304', 'America/Los_Angeles', 4],
  ['Memphis', 'TN', 'MEM1', '38118', 'America/Chicago', 7],
  ['Nashville', 'TN', 'BNA2', '37207', 'America/Chicago', 3],
  ['Columbus', 'OH', 'CMH1', '43217', 'America/New_York', 7],
  ['Indianapolis', 'IN', 'IND9', '46241', 'America/Indiana/Indianapolis', 7],
  ['Harrisburg', 'PA', 'MDT1', '17111', 'America/New_York', 6],
  ['Phoenix', 'AZ', 'PHX3', '85043', 'America/Phoenix', 6],
  ['Kansas City', 'MO', 'MKC4', '64161', 'America/Chicago', 5],
  ['Louisville', 'KY', 'SDF8', '40218', 'America/Kentucky/Louisville', 4],
  ['Charlotte', 'NC', 'CLT2', '28214', 'America/New_York', 4],
  ['Jacksonville', 'FL', 'JAX3', '32226', 'America/New_York', 3],
  ['Baltimore', 'MD', 'BWI2', '21224', 'America/New_York', 3],
  ['Edison', 'NJ', 'EWR4', '08817', 'America/New_York', 4],
  ['Denver', 'CO', 'DEN3', '80249', 'America/Denver', 3],
  ['Salt Lake City', 'UT', 'SLC1', '84116', 'America/Denver', 2],
  ['Kent', 'WA', 'BFI4', '98032', 'America/Los_Angeles', 3],
  ['Reno', 'NV', 'RNO4', '89506', 'America/Los_Angeles', 2],
  ['Detroit', 'MI', 'DET1', '48210', 'America/Detroit', 3],
  ['Shakopee', 'MN', 'MSP1', '55379', 'America/Chicago', 2],
  ['Oklahoma City', 'OK', 'OKC1', '73128', 'America/Chicago', 2],
];

let hubs: THub[] | undefined;
export function allHubs(): THub[] {
  if (hubs) return hubs;
  hubs = HUB_ROWS.map(([city, state, stopCode, postalCode, timeZone, weight]) => {
    const c = findCity(city, state);
    if (!c) throw new Error(`The city table lacks ${city}, ${state}`);
    return { city, state, stopCode, domicile: stopCode.slice(0, 3), postalCode, timeZone, latitude: c.latitude, longitude: c.longitude, weight };
  });
  return hubs;
}
