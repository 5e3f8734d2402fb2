/** A key's principal as stages pass it along (keys' `Principal`; this layer knows no capability). */
export type GatePrincipal = object;
