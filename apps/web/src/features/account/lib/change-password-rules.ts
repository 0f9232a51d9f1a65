import {
  ChangePasswordRequest,
  PASSWORD_MESSAGES,
  type ChangePasswordRequest as Body,
} from '@exchange/contracts';

export type ChangePasswordErrors = Partial<Record<keyof Body, string>>;

/**
 * Spec section 5 with the contracts' rules: old password required; new password required, at
 * least 8 characters, letters and digits, only @$!%*#?& as specials; confirm required and equal
 * to the new one. The confirm field gets the matching error only when it has no other error.
 */
export function changePasswordErrors(values: Body): ChangePasswordErrors {
  const errors: ChangePasswordErrors = {};
  const parsed = ChangePasswordRequest.safeParse(values);
  for (const issue of parsed.error?.issues ?? []) {
    const key = issue.path[0] as keyof Body;
    if (issue.message === PASSWORD_MESSAGES.mismatch) continue;
    errors[key] ??= issue.message;
  }
  if (!errors.confirm_password && values.new_password !== values.confirm_password) {
    errors.confirm_password = PASSWORD_MESSAGES.mismatch;
  }
  return errors;
}
