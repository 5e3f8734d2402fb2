import type { Plan, Quota } from './plans.js';

export interface Project {
  id: number;
  slug: string;
  plan: Plan;
  quota: Quota;
  createdAt: Date;
}

export interface ProjectRepository {
  create(slug: string, plan: Plan, quota: Quota, now: Date): Promise<Project>;
  findBySlug(slug: string): Promise<Project | null>;
  list(): Promise<Project[]>;
  setPlan(slug: string, plan: Plan, quota: Quota): Promise<Project | null>;
}
