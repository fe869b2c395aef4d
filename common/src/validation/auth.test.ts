import { MSG } from '../messages';
import { changePasswordSchema, loginSchema, otpSchema, registerSchema, resetPasswordFormSchema } from './auth';

const messages = async (schema: { validate: (v: unknown, o: object) => Promise<unknown> }, value: unknown) => {
  try {
    await schema.validate(value, { abortEarly: false });
    return [];
  } catch (e) {
    return (e as { errors: string[] }).errors;
  }
};

describe('auth validation (SPEC §5 wording)', () => {
  it('login', async () => {
    expect(await messages(loginSchema, { email: 'nope', password: 'short' })).toEqual([
      MSG.invalidEmail,
      MSG.passwordLength,
    ]);
    expect(await messages(loginSchema, { email: 'a@b.co', password: '12345678' })).toEqual([]);
  });
  it('register checks name length and a real country code', async () => {
    expect(
      await messages(registerSchema, { fullName: 'Al', email: 'a@b.co', country: 'GB', password: '12345678' }),
    ).toEqual([MSG.nameTooShort]);
    expect(
      await messages(registerSchema, { fullName: 'Alice', email: 'a@b.co', country: 'QQ', password: '12345678' }),
    ).toEqual([MSG.selectCountry]);
    expect(
      await messages(registerSchema, { fullName: 'Alice', email: 'a@b.co', country: 'NG', password: '12345678' }),
    ).toEqual([]);
  });
  it('codes need exactly 4 digits', async () => {
    expect(await messages(otpSchema(), { email: 'a@b.co', otp: '123' })).toEqual([MSG.invalidCode]);
    expect(await messages(otpSchema(), { email: 'a@b.co', otp: '1234' })).toEqual([]);
  });
  it('reset form passwords must match', async () => {
    expect(await messages(resetPasswordFormSchema, { password: '12345678', confirmPassword: '12345679' })).toEqual([
      MSG.passwordsDontMatch,
    ]);
  });
  it('settings password change', async () => {
    expect(
      await messages(changePasswordSchema, {
        oldPassword: 'samesame1',
        newPassword: 'samesame1',
        confirmPassword: 'samesame1',
      }),
    ).toEqual([MSG.sameOldNewPassword]);
    expect(
      await messages(changePasswordSchema, {
        oldPassword: 'short',
        newPassword: 'longenough',
        confirmPassword: 'different1',
      }),
    ).toEqual([MSG.passwordTooShort, MSG.passwordNoMatch]);
  });
});
