/** How long each thing of a sign-in lives, and how many failed sign-ins an address may make: one table. */
export const lifetimes = {
  /** From the sign-in page's opening to its submission. */
  signInMs: 10 * 60_000,
  /** An authorization code, from the redirect to its exchange (single use besides). */
  codeMs: 60_000,
  accessTokenMs: 60 * 60_000,
  /** A refresh token; each use replaces it with a new one, and the grant lives as long as its newest. */
  refreshTokenMs: 30 * 24 * 60 * 60_000,
  /** A client registered dynamically, unused. */
  clientMs: 365 * 24 * 60 * 60_000,
  /** A client metadata document, read again after this. */
  clientDocumentMs: 10 * 60_000,
} as const;

export const failedSignIns = {
  /** Failed sign-ins (a key the gateway refused, a stale form) one address may make per window. */
  allowed: 5,
  windowMs: 15 * 60_000,
} as const;
