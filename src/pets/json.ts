import type { PetPageJson } from './repository.js';
import type { Pet } from './schemas.js';

/**
 * The exact bytes of a Pet in a response: keys in schema order, integers as
 * exact decimals, strings as JSON.stringify writes them. Engines that cannot
 * build this text in the database build it from rows with these functions.
 */
export function petJson(pet: Pet): string {
  return `{"id":${pet.id.toString()},"name":${JSON.stringify(pet.name)},"categoryId":${pet.categoryId.toString()},"status":${JSON.stringify(pet.status ?? 'available')}}`;
}

/** A page from up to `limit + 1` rows: the extra row only proves that more follow. */
export function petPageJson(rows: Pet[], limit: number): PetPageJson {
  const items = rows.length > limit ? rows.slice(0, limit) : rows;
  const last = items[items.length - 1];
  return { json: `[${items.map(petJson).join(',')}]`, lastIdIfMore: rows.length > limit && last ? last.id : null };
}
