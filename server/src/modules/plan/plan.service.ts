import type { DataSource } from 'typeorm';
import { PLAN_SEEDS } from '@cryptovest/common';
import { Plan } from './plan.entity';

/** Investment plans: listing for everyone, seeding of the spec's four plans at start. */
export class PlanService {
  constructor(private readonly ds: DataSource) {}

  /** Active plans, cheapest first. */
  list(): Promise<Plan[]> {
    return this.ds.getRepository(Plan).find({ where: { active: true }, order: { sortOrder: 'ASC', minAmount: 'ASC' } });
  }

  /** Inserts any of the spec's plans that are missing; never overwrites operator edits. */
  async ensureSeeded(): Promise<void> {
    await this.ds
      .createQueryBuilder()
      .insert()
      .into(Plan)
      .values(
        PLAN_SEEDS.map((p, i) => ({
          name: p.name,
          minAmount: p.min,
          maxAmount: p.max,
          profitPercent: p.profitPercent,
          durationHours: p.durationHours,
          sortOrder: i,
        })),
      )
      .orIgnore()
      .execute();
  }
}
