import type { Feature } from '../feature.js';
import { PETS_DEPRECATED } from './deprecation.js';
import { petMigrations } from './migrations.js';
import { clearPets } from './sql.js';
import { copyPetsToStaging } from './staging-copy.js';
import { petsVersionKey } from './version-cache.js';

/** The animals of a project: listPets, createPet (idempotent), getPet (deprecated). */
export const petsFeature: Feature = {
  name: 'pets',
  dependsOn: ['keys', 'limits', 'events'],
  migrations: petMigrations,
  plugin: () => import('./plugin.js'),
  stages: async () => (await import('./stages.js')).petStages,
  deprecatedOperations: PETS_DEPRECATED,
  staging: { reset: clearPets, copy: copyPetsToStaging, versionKey: petsVersionKey },
  restoreChecks: [
    {
      table: 'pet_sequences',
      breach: "a project's pet counter is behind the ids of its pets (its next pet would reuse one)",
      sql: `SELECT p.project_id FROM pets p LEFT JOIN pet_sequences s ON s.project_id = p.project_id
             GROUP BY p.project_id, s.last_id HAVING MAX(p.id) > COALESCE(s.last_id, 0) LIMIT 1`,
    },
  ],
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
