import type { TSchema } from '@sinclair/typebox';

/** A response header as the documents describe it. */
export interface HeaderDoc {
  description: string;
  required: boolean;
  schema: Record<string, unknown>;
}

/**
 * What a capability adds to the published documents, given by its Feature
 * (`contract`) and registered when the service is built: the contract builder
 * knows no capability.
 */
export interface ContractPart {
  /** Shapes the /v1 document publishes under components/schemas (in this order), matched by identity. */
  v1Components?: readonly (readonly [schema: TSchema, name: string])[];
  /** Headers on every response of every metered operation (not 408 or 431: those come before a request), by status. */
  meteredResponseHeaders?: (status: number) => Record<string, HeaderDoc>;
}

const PARTS = new Map<string, ContractPart>();

/** Registers a capability's part; the same capability registering again (another app in the process) replaces it. */
export function registerContractPart(capability: string, part: ContractPart): void {
  PARTS.set(capability, part);
}

/** The registered parts, in the order their capabilities first registered (the features' order). */
export function contractParts(): ContractPart[] {
  return [...PARTS.values()];
}
