import type { Feature } from '../feature.js';

/** `/`: leads a person who opens the server's address to the dashboard (or, without one, the API reference). */
export const homeFeature: Feature = { name: 'home', dependsOn: [], plugin: () => import('./plugin.js') };
