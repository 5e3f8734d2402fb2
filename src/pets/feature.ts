import type { Feature } from '../feature.js';
import { petMigrations } from './migrations.js';

/** The animals of a project: listPets, createPet (idempotent), getPet (deprecated). */
export const petsFeature: Feature = {
  name: 'pets',
  migrations: petMigrations,
  plugin: () => import('./plugin.js'),
};
