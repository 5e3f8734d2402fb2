/** An email address as accounts are keyed by it: trimmed, lower case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
