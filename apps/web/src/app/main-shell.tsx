import { PagesContext } from '../layouts/pages-context.ts';
import { MainLayout } from '../layouts/main-layout.tsx';
import { AntdShell } from './antd-shell.tsx';
import { findPage } from './page-registry.ts';

/**
 * The main layout in the antd shell, with the page registry its pages come from: one module, loaded by the main
 * route once the session is there (app/routes.tsx). Being one static graph, what the layout, the shell and the
 * home page share lands in the shell's own chunks, and a page's chunk holds only what the shell has not loaded
 * (four separate imports cut it into a chunk per combination of importers: docs/decisions/0036).
 */
export function MainShell() {
  return (
    <AntdShell>
      <PagesContext value={findPage}>
        <MainLayout />
      </PagesContext>
    </AntdShell>
  );
}
