import { Field, Int, ObjectType } from 'type-graphql';
import { MoneyScalar } from '../../kernel/scalars';

/** Marketing figures of the public pages (advertising only, SPEC §1). */
@ObjectType()
export class SiteFigures {
  @Field() people: string;
  @Field() investors: string;
  @Field() currencies: string;
  @Field() encryption: string;
  @Field(() => Int, { description: 'The About counter animates up to this number, then "+"' }) activeInvestors: number;
  @Field(() => Int, { description: 'The About counter animates up to this number, then "M+"' })
  profitRaisedMillions: number;
}

/** Social profile links; null where the operator configured none (no icon is shown). */
@ObjectType()
export class SiteSocialLinks {
  @Field(() => String, { nullable: true }) facebook: string | null;
  @Field(() => String, { nullable: true }) telegram: string | null;
  @Field(() => String, { nullable: true }) whatsapp: string | null;
  @Field(() => String, { nullable: true }) instagram: string | null;
}

/** The operator's public content (SITE_FILE), as the web client renders it. */
@ObjectType({ description: "The operator's public content: brand, licence line, contact details, figures, links" })
export class Site {
  @Field() brandName: string;
  @Field() companyName: string;
  @Field() companyId: string;
  @Field() supportEmail: string;
  @Field() supportPhone: string;
  @Field() address: string;
  @Field(() => SiteFigures) figures: SiteFigures;
  @Field(() => SiteSocialLinks) social: SiteSocialLinks;
  @Field(() => MoneyScalar, { description: 'Bonus credited at signup; "0" when disabled' }) signupBonus: string;
  @Field(() => Int, { description: 'Hours a changed withdrawal address waits before it can receive money' })
  withdrawalAddressCooldownHours: number;
  @Field(() => MoneyScalar, { description: 'Smallest withdrawal in dollars (MIN_WITHDRAWAL); the server refuses less' })
  minWithdrawal: string;
  @Field(() => String, {
    nullable: true,
    description: 'Third-party market chart for the Stocks page (sandboxed iframe)',
  })
  marketChartUrl: string | null;
}
