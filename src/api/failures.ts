// Which failures the one middleware (./client.ts) tells the user of itself. Pure: the move-out guard reads it too.

/**
 * Whether the middleware has told the user of this failure already: a business message (100, a toast), an ended
 * session (401, on the way to sign in) or a lost connection (an alert). Any other failure is the caller's to tell.
 */
export const toldByClient = (failure: { code: number }) => failure.code === 100 || failure.code === 401 || failure.code < 0;
