import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { OtpActivity } from '@cryptovest/common';

/** A one-time code sent by e-mail. Only its HMAC is stored; never exposed through the API. */
@Entity({ name: 'otp_code' })
export class OtpCode {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId: string;
  @Column({ type: 'varchar', length: 32 }) purpose: OtpActivity;
  @Column({ name: 'code_hash', type: 'varchar', length: 128 }) codeHash: string;
  @Column({ type: 'int', default: 0 }) attempts: number;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'consumed_at', type: 'timestamptz', nullable: true }) consumedAt: Date | null;
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
}
