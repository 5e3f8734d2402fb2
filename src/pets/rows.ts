import { INT64_MIN } from '../contract/primitives.js';
import type { Pet, PetStatus } from './schemas.js';

/** A pets row as both engines return it (int8 columns as exact bigint). */
export interface PetRow {
  id: bigint;
  name: string;
  category_id: bigint;
  status: PetStatus;
}

export const toPet = (r: PetRow): Pet => ({ id: r.id, name: r.name, categoryId: r.category_id, status: r.status });
export const COLUMNS = 'id, name, category_id, status';
/** Smaller than every valid id, so one statement serves the first page and later ones. */
export const BEFORE_FIRST = INT64_MIN;
