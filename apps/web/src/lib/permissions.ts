import { can, type TAccessType, type TPermissibleObject } from '@haulboard/contract';
import { useSession } from './session';

/** Whether the signed-in user holds `level` on `object` (spec §6). The server still decides. */
export function useCan(object: TPermissibleObject, level: TAccessType = 'Read'): boolean {
  const { data: user } = useSession();
  return can(user?.userPermissibleObjects ?? [], object, level);
}
