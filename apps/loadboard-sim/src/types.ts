/** The board's shapes (domain-notes §4.1), as the simulator serves them. */
export type TQuantity = { value: number; unit: string };

export type TLocation = {
  label: string;
  stopCode: string;
  line1: string;
  city: string;
  /** Spelled 'CA', 'California' or 'CALIFORNIA', even inside one response. */
  state: string;
  country: 'US';
  postalCode: string;
  latitude: number;
  longitude: number;
  timeZone: string;
};

export type TStop = {
  stopSequenceNumber: number;
  stopType: 'PICKUP' | 'DROPOFF';
  location: TLocation;
  actions: { type: 'CHECKIN' | 'CHECKOUT'; plannedTime: string }[];
  loadingType: 'PRELOADED' | 'LIVE' | null;
  unloadingType: 'DROP' | 'LIVE' | null;
  trailerDetails: { assetOwner: string }[];
};

export type TCostItem = { name: string; monetaryAmount: TQuantity };

export type TLoad = {
  versionedLoadId: { id: string; version: number };
  workOpportunityId: string;
  loadType: 'LOADED' | 'EMPTY';
  equipmentType: string;
  distance: TQuantity;
  payout: TQuantity;
  costItems: TCostItem[];
  loadShipperAccounts: string[];
  isExternalLoad: boolean;
  stops: TStop[];
};

export type TWorkOpportunity = {
  id: string;
  version: number;
  majorVersion: number;
  workOpportunityOptionId: string;
  workOpportunityType: 'ONE_WAY' | 'ROUND_TRIP';
  workType: 'SPOT';
  stopCount: number;
  payout: TQuantity;
  totalDistance: TQuantity;
  totalDuration: number;
  firstPickupTime: string;
  lastDeliveryTime: string;
  transitOperatorType: 'SINGLE_DRIVER' | 'TEAM_DRIVER';
  deadhead: TQuantity;
  startLocation: TLocation;
  endLocation: TLocation;
  aggregatedCostItems: TCostItem[];
  createdAtTime: string;
  endPriorityTime: string | null;
  oneDayPaymentEligible: boolean;
  tags: string[];
  loads: TLoad[];
};

/** A trip the carrier has (booked through the board, or from the seeded history). */
export type TTrip = {
  tripId: string;
  blockId: string;
  wo: TWorkOpportunity;
  bookedAt: number;
  /** null: follows the clock (Scheduled, then Completed once the last stop is done). */
  status: 'Completed' | 'Cancelled' | 'Rejected' | null;
  driverName: string;
  tractorId: string;
  /** Payment quirks of the seeded history (domain-notes fixtures). */
  pay: {
    missing?: boolean;
    shortByCents?: number;
    disputeCents?: number;
    detentionCents?: number;
    lowerCaseItemType?: boolean;
    duplicateLine?: boolean;
    /** A cancelled trip the board pays a truck-ordered-not-used fee for. */
    tonuCents?: number;
  };
};
