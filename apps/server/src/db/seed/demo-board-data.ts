/** Fixed demo facts for the board: more drivers, brokers and the cities loads run between. */

export type TDemoDriver = { email: string; firstName: string; lastName: string; phone: string; unit: string; serviceFee: string };

export const DEMO_BOARD_DRIVERS: Record<'demo' | 'second', TDemoDriver[]> = {
  demo: [
    { email: 'driver2@demo.haulboard.test', firstName: 'Maria', lastName: 'Lopez', phone: '5125550112', unit: '102', serviceFee: '150.00' },
    { email: 'driver3@demo.haulboard.test', firstName: 'James', lastName: 'Whitfield', phone: '5125550113', unit: '103', serviceFee: '150.00' },
    { email: 'driver4@demo.haulboard.test', firstName: 'Kevin', lastName: 'Nguyen', phone: '5125550114', unit: '104', serviceFee: '125.00' },
    { email: 'driver5@demo.haulboard.test', firstName: 'Ahmed', lastName: 'Hassan', phone: '5125550115', unit: '105', serviceFee: '125.00' },
    { email: 'driver6@demo.haulboard.test', firstName: 'Tyrone', lastName: 'Jackson', phone: '5125550116', unit: '106', serviceFee: '100.00' },
  ],
  second: [
    { email: 'driver@second.haulboard.test', firstName: 'Olivia', lastName: 'Grant', phone: '2145550111', unit: '201', serviceFee: '120.00' },
    { email: 'driver2@second.haulboard.test', firstName: 'Luis', lastName: 'Ortega', phone: '2145550112', unit: '202', serviceFee: '120.00' },
  ],
};

export type TDemoBroker = {
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  email: string;
  mc: string;
  dot: string;
  comments?: string;
  isActive?: boolean;
};

/** Invented brokerages with plausible addresses and MC/DOT numbers. */
export const DEMO_BROKERS: Record<'demo' | 'second', TDemoBroker[]> = {
  demo: [
    { name: 'Summit Ridge Logistics', address: '2200 Ross Ave, Suite 1400', city: 'Dallas', state: 'TX', zip: '75201', phone: '2145550190', email: 'loads@summitridgelogistics.test', mc: '784512', dot: '2981044' },
    { name: 'Blue Heron Freight Brokers', address: '101 E Kennedy Blvd', city: 'Tampa', state: 'FL', zip: '33602', phone: '8135550143', email: 'dispatch@blueheronfreight.test', mc: '912377', dot: '3377210' },
    { name: 'Prairie Line Transport Services', address: '1321 Farnam St', city: 'Omaha', state: 'NE', zip: '68102', phone: '4025550118', email: 'ops@prairieline.test', mc: '658203', dot: '2450918' },
    { name: 'Ironwood Carrier Solutions', address: '400 W Capitol Ave', city: 'Little Rock', state: 'AR', zip: '72201', phone: '5015550166', email: 'carriers@ironwoodcs.test', mc: '1038842', dot: '3620571', comments: 'Quick pay 2% within 48 hours' },
    { name: 'Great Lakes Cargo Partners', address: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zip: '60606', phone: '3125550177', email: 'booking@greatlakescargo.test', mc: '547120', dot: '2119384' },
    { name: 'Magnolia State Logistics', address: '188 E Capitol St', city: 'Jackson', state: 'MS', zip: '39201', phone: '6015550134', email: 'loads@magnolialogistics.test', mc: '873305', dot: '3011569' },
    { name: 'Copper Canyon Brokerage', address: '2 N Central Ave', city: 'Phoenix', state: 'AZ', zip: '85004', phone: '6025550101', email: 'dispatch@coppercanyonbrokerage.test', mc: '1102456', dot: '3798012' },
    { name: 'Harbor Point Freight', address: '1 Harbor Point Rd', city: 'Savannah', state: 'GA', zip: '31401', phone: '9125550158', email: 'carriers@harborpointfreight.test', mc: '699841', dot: '2688403' },
    { name: 'Keystone Transit Group', address: '30 N 3rd St', city: 'Harrisburg', state: 'PA', zip: '17101', phone: '7175550129', email: 'ops@keystonetransit.test', mc: '802267', dot: '2874415', comments: 'Requires tracking link on every load' },
    { name: 'Red River Freight Exchange', address: '100 N Broadway Ave', city: 'Oklahoma City', state: 'OK', zip: '73102', phone: '4055550187', email: 'loads@redriverfx.test', mc: '741936', dot: '2790258', isActive: false, comments: 'Slow pay: do not book new loads' },
    { name: 'Pacific Crest Logistics', address: '1201 3rd Ave', city: 'Seattle', state: 'WA', zip: '98101', phone: '2065550145', email: 'booking@pacificcrest.test', mc: '968120', dot: '3455781' },
    { name: 'Bluegrass Load Solutions', address: '401 W Main St', city: 'Louisville', state: 'KY', zip: '40202', phone: '5025550172', email: 'dispatch@bluegrassloads.test', mc: '1150983', dot: '3902246' },
    { name: 'Lone Pine Shipping Co', address: '75 E 2nd St', city: 'Reno', state: 'NV', zip: '89501', phone: '7755550163', email: 'ops@lonepineshipping.test', mc: '1207718', dot: '4011392' },
  ],
  second: [
    { name: 'Tri-County Freight Brokers', address: '500 Main St', city: 'Fort Worth', state: 'TX', zip: '76102', phone: '8175550120', email: 'loads@tricountyfreight.test', mc: '835564', dot: '2955120' },
    { name: 'Gulf Coast Load Link', address: '1001 Fannin St', city: 'Houston', state: 'TX', zip: '77002', phone: '7135550199', email: 'dispatch@gulfcoastloadlink.test', mc: '762019', dot: '2815573' },
    { name: 'Ozark Freight Partners', address: '300 S John Q Hammons Pkwy', city: 'Springfield', state: 'MO', zip: '65806', phone: '4175550140', email: 'booking@ozarkfreight.test', mc: '990145', dot: '3512008' },
    { name: 'Sunbelt Transport Brokerage', address: '121 W Trade St', city: 'Charlotte', state: 'NC', zip: '28202', phone: '7045550156', email: 'carriers@sunbelttb.test', mc: '1064470', dot: '3719935' },
  ],
};

/** City, state code, latitude, longitude: freight hubs loads run between. */
export const DEMO_CITIES: [string, string, number, number][] = [
  ['Dallas', 'TX', 32.78, -96.8], ['Houston', 'TX', 29.76, -95.37], ['San Antonio', 'TX', 29.42, -98.49],
  ['Laredo', 'TX', 27.51, -99.51], ['El Paso', 'TX', 31.76, -106.49], ['Atlanta', 'GA', 33.75, -84.39],
  ['Savannah', 'GA', 32.08, -81.09], ['Chicago', 'IL', 41.88, -87.63], ['Joliet', 'IL', 41.53, -88.08],
  ['Indianapolis', 'IN', 39.77, -86.16], ['Columbus', 'OH', 39.96, -83.0], ['Cincinnati', 'OH', 39.1, -84.51],
  ['Memphis', 'TN', 35.15, -90.05], ['Nashville', 'TN', 36.16, -86.78], ['Charlotte', 'NC', 35.23, -80.84],
  ['Greensboro', 'NC', 36.07, -79.79], ['Jacksonville', 'FL', 30.33, -81.66], ['Orlando', 'FL', 28.54, -81.38],
  ['Miami', 'FL', 25.76, -80.19], ['Phoenix', 'AZ', 33.45, -112.07], ['Los Angeles', 'CA', 34.05, -118.24],
  ['Fontana', 'CA', 34.09, -117.44], ['Stockton', 'CA', 37.96, -121.29], ['Denver', 'CO', 39.74, -104.99],
  ['Salt Lake City', 'UT', 40.76, -111.89], ['Kansas City', 'MO', 39.1, -94.58], ['St. Louis', 'MO', 38.63, -90.2],
  ['Oklahoma City', 'OK', 35.47, -97.52], ['Little Rock', 'AR', 34.75, -92.29], ['Louisville', 'KY', 38.25, -85.76],
  ['Birmingham', 'AL', 33.52, -86.8], ['Harrisburg', 'PA', 40.27, -76.88], ['Allentown', 'PA', 40.6, -75.49],
  ['Newark', 'NJ', 40.74, -74.17], ['Baltimore', 'MD', 39.29, -76.61], ['Richmond', 'VA', 37.54, -77.44],
  ['Detroit', 'MI', 42.33, -83.05], ['Minneapolis', 'MN', 44.98, -93.27], ['Omaha', 'NE', 41.26, -95.93],
  ['Albuquerque', 'NM', 35.08, -106.65], ['Reno', 'NV', 39.53, -119.81], ['Boise', 'ID', 43.62, -116.2],
  ['Portland', 'OR', 45.52, -122.68], ['Seattle', 'WA', 47.61, -122.33],
];

export const DEMO_COMMENTS = [
  'Appointment at 08:00, call receiver 1 hour out',
  'Lumper paid at receiver, receipt attached',
  'Detention 2 h at shipper',
  'Drop and hook at both ends',
  'Tarps not needed; load bars required',
  'Reefer set to 34°F continuous',
  'Hazmat placards required',
];
