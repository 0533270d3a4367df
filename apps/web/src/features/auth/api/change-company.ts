import { authRoutes } from '@haulboard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callRoute } from '../../../lib/api-client';
import { forgetCompanyData } from '../../../lib/query-client';
import { setSessionUser } from '../../../lib/session';

/**
 * Spec §4 company switch: POST /api/Auth/ChangeUserCompany, keep the returned user as the
 * session, forget the other company's cached data, and go to '/'.
 */
export function useChangeCompany() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (company: { label: string; value: number }) => callRoute(authRoutes.changeUserCompany, { body: company }),
    onSuccess: (fresh) => {
      forgetCompanyData(queryClient);
      setSessionUser(queryClient, fresh);
      navigate('/');
    },
  });
}
