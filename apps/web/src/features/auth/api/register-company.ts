import { authRoutes, type TCurrentUser, type TRegisterForm } from '@haulboard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import type { TKeyedOptions } from '../../../lib/idempotency';
import { setSessionUser } from '../../../lib/session';

/** POST /api/Auth/UpdateUserCompany: the signed-in person applies to a company (then in review). */
export function useRegisterCompany(user: TCurrentUser | null | undefined, { idempotency }: TKeyedOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: TRegisterForm) =>
      callRoute(authRoutes.updateUserCompany, {
        body: { companyId: form.companyId, phoneNumber: form.phoneNumber, email: user?.email, userId: user?.userId },
        idempotencyKey: idempotency.current(),
      }),
    onSuccess: (fresh) => {
      idempotency.renew();
      setSessionUser(queryClient, fresh);
    },
  });
}
