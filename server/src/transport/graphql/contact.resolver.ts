import { Arg, Ctx, Field, ID, InputType, Mutation, ObjectType, Resolver } from 'type-graphql';
import { Public } from './auth';
import type { GraphQLContext } from './context';
import type { ContactService } from '../../modules/contact';

/** The services this adapter calls; the composition root passes them. */
export interface ContactResolverDeps {
  contact: ContactService;
}

/** The contact form's fields (validated by the shared contactMessageSchema). */
@InputType()
export class ContactMessageInput {
  @Field() name: string;
  @Field() email: string;
  @Field(() => String, { nullable: true }) subject?: string | null;
  @Field() message: string;
}

/** Proof that the message was received. */
@ObjectType({ description: 'A received contact message: its reference and time' })
export class ContactReceipt {
  @Field(() => ID) id: string;
  @Field() receivedAt: Date;
}

/** GraphQL adapter for the public contact form. */
@Resolver()
export class ContactResolver {
  constructor(private readonly services: ContactResolverDeps) {}

  @Public()
  @Mutation(() => ContactReceipt, { description: 'Send a message to support (stored, mailed; limited per IP)' })
  sendContactMessage(
    @Arg('input', () => ContactMessageInput) input: ContactMessageInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ContactReceipt> {
    return this.services.contact.send({ ...input, subject: input.subject ?? '' }, ctx);
  }
}
