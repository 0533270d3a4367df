/** Validation and reply texts quoted word for word from the spec. */
export const MSG = {
  required: 'Field is required',
  firstName: 'First name is required',
  lastName: 'Last name is required',
  phoneNumber: 'Phone number is required',
  userRoles: 'At least one role is required',
  userCompanies: 'At least one company is required',
  brokerName: 'Brokers name is required',
  brokerAddress: 'Address is required',
  brokerCity: 'City is required',
  brokerState: 'State is required',
  brokerZip: 'ZipCode is required',
  brokerRequired: 'Required',
  cookie: 'Cookie is required',
  csrfToken: 'CsrfToken is required',
  cookieSource: 'Cookie Source is required',
  phoneMax: 'Phone number is at most 10 characters',
  notFound: 'The page you are looking for isn\'t here',
} as const;

export const SUCCESS = {
  userUpdated: 'User updated successfully',
  brokerUpdated: 'Broker updated successfully',
  brokerDeleted: 'Broker deleted successfully',
  loadUpdated: 'Load updated successfully',
  loadDeleted: 'Load deleted successfully',
  expenseUpdated: 'Expense updated successfully',
  expenseDeleted: 'Expense deleted successfully',
  weeksGenerated: 'Weeks generated successfully',
  weeksDeleted: 'Weeks deleted successfully',
  serviceUrlSaved: 'Service URL saved successfully',
  orderCancelled: 'Order cancelled successfully',
  cookieUpdated: 'Company Cookie updated successfully',
  cookieDeleted: 'Company Cookie deleted successfully',
  invoiceImported: 'Invoice Imported Successfully',
} as const;

export const TEXT = {
  inReview:
    'Your application is under review by the company administrator. Please allow 2 days for it to be approved.',
  accessRemovedTitle: 'Access removed',
  accessRemoved:
    'Your access to this company was removed by the company administrator. If you think this is a mistake, please contact them.',
  crashTitle: 'Haulboard Error',
  crash: [
    'Uh oh. It looks like the app has encountered an error.',
    'Please try reloading the page.',
    'If the error continues please contact the Help Desk.',
  ],
  sectionFallback: [
    "It looks like this part of our site isn't working right now.",
    'Please try again later. Thanks for your patience.',
  ],
  offline: 'No internet connection found. App is running in offline mode.',
} as const;

/** Reply-text conventions: ERROR and INFO prefixes drive the toast type. */
export type TReplyKind = 'error' | 'info' | 'success';
/** A reply as a person reads it: the ERROR / INFO prefix chooses the toast's colour and is not shown. */
export function replyText(text: string): string {
  return text.replace(/^(?:ERROR|INFO)\b:?\s*/, '');
}

export function replyKind(text: string): TReplyKind {
  if (text.startsWith('ERROR')) return 'error';
  if (text.startsWith('INFO')) return 'info';
  return 'success';
}
