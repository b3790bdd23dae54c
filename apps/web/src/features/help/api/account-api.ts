import { API_PATHS, okResponseSchema, type ChangeEmailRequest, type ChangePasswordRequest } from '@matchwerk/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// A wrong current password is a form error shown next to the form, not a snackbar.
const inline = { handledInline: true } as const;

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) =>
      apiRequest(API_PATHS.changePassword, { body, schema: okResponseSchema }),
    meta: inline,
  });
}

export function useChangeEmail() {
  return useMutation({
    mutationFn: (body: ChangeEmailRequest) => apiRequest(API_PATHS.changeEmail, { body, schema: okResponseSchema }),
    meta: inline,
  });
}
