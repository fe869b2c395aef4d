import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DecimalScalar, MoneyScalar } from '../../kernel/scalars';

/** An investment plan: deposit range, profit percentage, duration and principal rule (SPEC §3, issue 12). */
@ObjectType({ description: 'An investment plan an investor can deposit into' })
@Entity({ name: 'plan' })
export class Plan {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field()
  @Column({ type: 'varchar', length: 60, unique: true })
  name: string;

  @Field(() => MoneyScalar, { description: 'Smallest deposit, in dollars' })
  @Column({ name: 'min_amount', type: 'numeric', precision: 20, scale: 2 })
  minAmount: string;

  @Field(() => MoneyScalar, { nullable: true, description: 'Largest deposit; null means open-ended' })
  @Column({ name: 'max_amount', type: 'numeric', precision: 20, scale: 2, nullable: true })
  maxAmount: string | null;

  @Field(() => DecimalScalar, { description: 'Profit percentage over the duration, e.g. "10.00"' })
  @Column({ name: 'profit_percent', type: 'numeric', precision: 6, scale: 2 })
  profitPercent: string;

  @Field(() => Int)
  @Column({ name: 'duration_hours', type: 'int' })
  durationHours: number;

  @Field({ description: 'Whether the deposit comes back to the balance with the profit when the term ends' })
  @Column({ name: 'returns_principal', type: 'boolean', default: true })
  returnsPrincipal: boolean;

  @Column({ name: 'sort_order', type: 'int', default: 0 })
  sortOrder: number;

  @Column({ type: 'boolean', default: true })
  active: boolean;
}
