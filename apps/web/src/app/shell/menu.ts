import type { TPermission } from '@haulboard/contract';
import type { TAppPage } from '../app-pages';

export type TMenu = { main: TAppPage[]; system: TAppPage[] };

/** Spec §2 Layout and §6: only entries whose object is menu-visible for the user, grouped. */
export function buildMenu(pages: readonly TAppPage[], permissions: readonly TPermission[]): TMenu {
  const visible = pages.filter(
    (page) => page.inMenu !== false && permissions.some((p) => p.objectName === page.object && p.isMenuVisible),
  );
  return { main: visible.filter((p) => !p.group), system: visible.filter((p) => p.group === 'System') };
}

/** The first page a member may open: where /app/home takes them. */
export function firstPagePath(pages: readonly TAppPage[], permissions: readonly TPermission[]): string | null {
  const menu = buildMenu(pages, permissions);
  return (menu.main[0] ?? menu.system[0])?.path ?? null;
}
