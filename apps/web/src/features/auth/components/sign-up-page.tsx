import { SignupRequest } from '@exchange/contracts';
import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import { useEffect, useMemo, useRef } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { firstErrorPerField } from '@/lib/form-errors';
import { completeLogin } from '../api/login';
import { signup } from '../api/signup';
import { buildCountries, pickCountry, type Country } from '../lib/countries';
import { lookupGeo } from '../lib/geo';
import { PasswordInput } from './password-input';

interface SignUpForm {
  user_name: string;
  password: string;
  confirm_password: string;
  /** Two-letter code of the selected country (dial codes are shared, e.g. +1). */
  country: string;
  mobile: string;
}

const MOBILE_MESSAGE = 'Enter a valid mobile number';

/** Checks the form with the contracts' SignupRequest, and the mobile number with libphonenumber-js. */
function signUpResolver(countries: Country[]): Resolver<SignUpForm, unknown, SignupRequest> {
  return (values) => {
    const country = countries.find((c) => c.code === values.country) ?? (countries[0] as Country);
    const phone = parsePhoneNumberFromString(values.mobile.trim(), country.code);
    const body = {
      user_name: values.user_name,
      password: values.password,
      confirm_password: values.confirm_password,
      mobile: phone?.nationalNumber ?? values.mobile.replace(/\D/g, ''),
      dial_code: country.dial_code,
    };
    const parsed = SignupRequest.safeParse(body);
    const issues = parsed.success ? [] : [...parsed.error.issues];
    if (!phone?.isValid() || phone.countryCallingCode !== country.dial_code.slice(1)) {
      issues.unshift({ path: ['mobile'], message: MOBILE_MESSAGE } as (typeof issues)[number]);
    }
    if (parsed.success && issues.length === 0) return { values: parsed.data, errors: {} };
    return { values: {}, errors: firstErrorPerField<SignUpForm>(issues) };
  };
}

/** Sign-up: user name, password twice, country with its dial code and a mobile number. */
export default function SignUpPage() {
  const navigate = useNavigate();
  const countries = useMemo(() => buildCountries(), []);
  const resolver = useMemo(() => signUpResolver(countries), [countries]);
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SignUpForm, unknown, SignupRequest>({
    resolver,
    defaultValues: { user_name: '', password: '', confirm_password: '', country: 'IN', mobile: '' },
  });
  const countryCode = watch('country');
  const dialCode = countries.find((c) => c.code === countryCode)?.dial_code ?? '+91';

  // The default country comes from a geo-IP lookup unless the visitor has already chosen one.
  const countryChosen = useRef(false);
  useEffect(() => {
    let live = true;
    void lookupGeo().then((geo) => {
      if (live && !countryChosen.current) setValue('country', pickCountry(countries, geo).code);
    });
    return () => {
      live = false;
    };
  }, [countries, setValue]);

  const onSubmit = handleSubmit(async (body) => {
    try {
      const res = await signup(body);
      if (!res.status || !res.data) {
        toast.error(res.message || 'Sign up failed');
        return;
      }
      toast.success(res.message || 'Account created');
      navigate(await completeLogin(res.data), { replace: true });
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Sign up failed');
    }
  });

  return (
    <form className="auth__form" onSubmit={onSubmit} noValidate data-testid="signup-form">
      <h1 className="auth__title">Sign Up</h1>
      <label className="field">
        <span className="field__label">User Name</span>
        <input
          className="input"
          autoComplete="username"
          autoCapitalize="none"
          placeholder="User Name"
          data-testid="signup-username"
          {...register('user_name')}
        />
        {errors.user_name && <span className="field__error">{errors.user_name.message}</span>}
      </label>
      <label className="field">
        <span className="field__label">Password</span>
        <PasswordInput
          className="input"
          autoComplete="new-password"
          placeholder="Password"
          data-testid="signup-password"
          toggleTestId="signup-show-password"
          {...register('password')}
        />
        {errors.password && <span className="field__error">{errors.password.message}</span>}
      </label>
      <label className="field">
        <span className="field__label">Confirm Password</span>
        <PasswordInput
          className="input"
          autoComplete="new-password"
          placeholder="Confirm Password"
          data-testid="signup-confirm-password"
          toggleTestId="signup-show-confirm"
          {...register('confirm_password')}
        />
        {errors.confirm_password && <span className="field__error">{errors.confirm_password.message}</span>}
      </label>
      <label className="field">
        <span className="field__label">Country</span>
        <select
          className="input"
          data-testid="signup-country"
          {...register('country', { onChange: () => (countryChosen.current = true) })}
        >
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.flag} {c.name} ({c.dial_code})
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">Mobile Number</span>
        <div className="input-group">
          <span className="input-group__prefix" data-testid="signup-dial-code">
            {dialCode}
          </span>
          <input
            className="input"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="Mobile Number"
            data-testid="signup-mobile"
            {...register('mobile')}
          />
        </div>
        {errors.mobile && <span className="field__error">{errors.mobile.message}</span>}
      </label>
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={isSubmitting}
        data-testid="signup-submit"
      >
        {isSubmitting ? 'Creating account…' : 'Sign Up'}
      </button>
      <p className="auth__switch">
        Already have an account?{' '}
        <Link to="/login" data-testid="signup-login-link">
          Login
        </Link>
      </p>
    </form>
  );
}
