/** Public face of modules/plan: Investment plans on offer, kept in memory while their changes are heard. Other folders import only this file. */
export * from './plan.entity';
export * from './plan.service';
