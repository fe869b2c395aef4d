import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A message sent through the public contact form; kept even when the mail to support fails. */
@Entity({ name: 'contact_message' })
export class ContactMessage {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'varchar', length: 200 }) name: string;
  @Column({ type: 'varchar', length: 254 }) email: string;
  @Column({ type: 'varchar', length: 200 }) subject: string;
  @Column({ type: 'text' }) message: string;
  @Column({ type: 'inet', nullable: true }) ip: string | null;
  /** Set once the copy to support was accepted by the SMTP server; null: still in the mail outbox (retried). */
  @Column({ name: 'mailed_at', type: 'timestamptz', nullable: true }) mailedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
