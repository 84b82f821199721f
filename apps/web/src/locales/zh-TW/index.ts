import { common } from './common.ts';
import { errors } from './errors.ts';
import { auth } from './auth.ts';
import { layout } from './layout.ts';
import { dashboard } from './dashboard.ts';
import { components } from './components.ts';
import { tabs } from './tabs.ts';
import { account } from './account.ts';

/** Every text of the interface in this language, one area per file. */
export const resources = { ...common, errors, auth, layout, dashboard, components, tabs, account };
