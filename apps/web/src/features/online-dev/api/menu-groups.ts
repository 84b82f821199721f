import type { MenuTreeNode } from '@portal/shared/system-menus';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** GET /sys/permission/list: the whole catalogue; the publish dialog keeps its groups. */
export const useMenuCatalogue = (enabled: boolean) =>
  useQuery({
    queryKey: ['online-dev', 'menu-catalogue'] as const,
    queryFn: ({ signal }) => http.get<MenuTreeNode[]>('/sys/permission/list', { signal }),
    enabled,
  });
