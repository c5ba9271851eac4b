/** Where a request came from, for the audit trail and the sign-in throttles: `originOf(request)`. */
export interface RequestOrigin {
  ip: string;
  userAgent?: string | undefined;
}
