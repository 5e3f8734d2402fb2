import type { Feature } from '../feature.js';
import { petMigrations } from './migrations.js';

/** The animals of a project: listPets, createPet (idempotent), getPet (deprecated). */
export const petsFeature: Feature = {
  name: 'pets',
  migrations: petMigrations,
  plugin: () => import('./plugin.js'),
  contract: async () => {
    const { NewPetSchema, PetSchema, PetStatusSchema } = await import('./schemas.js');
    return {
      v1Components: [
        [PetSchema, 'Pet'],
        [NewPetSchema, 'NewPet'],
        [PetStatusSchema, 'PetStatus'],
      ],
    };
  },
};
