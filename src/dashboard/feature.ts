import type { Feature } from '../feature.js';

/** /dashboard: the web app people manage their projects with; every action goes through /api/v1. */
export const dashboardFeature: Feature = { name: 'dashboard', dependsOn: ['accounts', 'management'], plugin: () => import('./plugin.js') };
