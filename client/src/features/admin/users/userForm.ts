import { atMostCharactersMessage, msg, profileSchema } from '@cryptovest/common';
import * as yup from 'yup';
import type { AdminUsersQuery } from '../../../generated/graphql';

/** One user as listed on /admin/users. */
export type AdminUser = AdminUsersQuery['users']['items'][number];

/** Text fields of the admin user form that the admin may change, with their labels (catalogue keys). */
export const USER_TEXT_FIELDS = [
  { name: 'fullName', label: msg('Full name') },
  { name: 'city', label: msg('City') },
  { name: 'province', label: msg('Province') },
  { name: 'zipCode', label: msg('Zip code') },
  { name: 'address', label: msg('Address') },
  { name: 'planType', label: msg('Plan type') },
] as const;

/** Values of the admin user form. */
export interface UserFormValues extends Record<string, string | boolean> {
  fullName: string;
  city: string;
  province: string;
  zipCode: string;
  address: string;
  planType: string;
  isPremium: boolean;
  announcement: string;
  message: string;
}

/** The form's starting values from a listed user (null -> ''). */
export function userFormValues(user: AdminUser): UserFormValues {
  return {
    fullName: user.fullName,
    city: user.city ?? '',
    province: user.province ?? '',
    zipCode: user.zipCode ?? '',
    address: user.address ?? '',
    planType: user.planType ?? '',
    isPremium: user.isPremium,
    announcement: user.announcement ?? '',
    message: user.message ?? '',
  };
}

const text = (max: number) => yup.string().trim().max(max, atMostCharactersMessage(max));

/** SPEC §5 admin user edit: fullName min 3 ('Name must be at least 3 characters'), others free text. */
export const userFormSchema = profileSchema.pick(['fullName', 'city', 'province', 'zipCode', 'address']).shape({
  planType: text(100),
  announcement: text(10000),
  message: text(2000),
});
