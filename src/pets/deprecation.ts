import type { DeprecatedOperation, Deprecation } from '../http/deprecation/deprecated-operations.js';

/** getPet's deprecation: its route's headers and the contract say it, and usage counts its calls. */
export const GET_PET_DEPRECATION: Deprecation = {
  deprecatedAt: new Date(Date.UTC(2026, 10, 1)),
  sunset: new Date(Date.UTC(2030, 11, 5)),
  successor: '/v1/pets',
};

/** The pets operations the contract marks deprecated (pets/routes.ts marks the same). */
export const PETS_DEPRECATED: readonly DeprecatedOperation[] = [
  { operation: 'getPet', method: 'GET', path: '/v1/pets/{petId}', deprecation: GET_PET_DEPRECATION },
];
