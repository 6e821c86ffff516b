// Limits of the find search that the tool surface needs without loading the search itself (start-up path).

/** Longest request read; the rest is cut (and the answer says so). */
export const MAX_QUERY_CHARS = 1000;
