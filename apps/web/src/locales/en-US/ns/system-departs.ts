import type { resources as source } from '../../zh-TW/ns/system-departs.ts';

type Source = typeof source;
/** English counts people in two forms (i18next's `_one` / `_other`); Chinese has one, the key without a suffix. */
type Tree = Omit<Source['tree'], 'members'> & { members_one: string; members_other: string };

export const resources: Omit<Source, 'tree'> & { tree: Tree } = {
  title: 'Departments',
  tree: {
    search: 'Search by name or code',
    addTop: 'Add top department',
    addChild: 'Add sub-department',
    dragHint: 'Drag a department to reorder it or move it under another',
    moved: 'Department moved',
    moveRefused: 'A department cannot move under itself or one of its sub-departments',
    empty: 'No departments yet',
    members_one: '{{count}} person',
    members_other: '{{count}} people',
  },
  none: 'Choose a department on the left',
  tabs: { details: 'Details', permission: 'Permissions', roles: 'Department roles', members: 'Members' },
  field: {
    departName: 'Department name',
    orgCode: 'Department code',
    parent: 'Parent department',
    sortNo: 'Sort order',
    heads: 'Heads',
    roleCode: 'Role code',
    roleName: 'Role name',
    description: 'Description',
    username: 'Username',
    realname: 'Name',
    phone: 'Mobile',
    user: 'User',
  },
  action: {
    save: 'Save',
    cancel: 'Cancel',
    add: 'Add',
    edit: 'Edit',
    delete: 'Delete',
    permission: 'Permissions',
    addMembers: 'Add members',
    remove: 'Remove from department',
    export: 'Export',
    deptRoles: 'Department roles',
  },
  import: {
    button: 'Import',
    title: 'Import departments',
    stepTemplate: '1. Download the template and fill in one department per row; the parent is the org code or name path (e.g. Head office/R&D) of an existing department or of an earlier row, blank for a top department',
    hint: '.xlsx, at most {{size}} and 500 rows; org codes are made by the system; if any row is wrong, no department is imported',
    success: 'Imported (departments: {{count}})',
    failed: 'Errors in the file: {{count}}. No department was imported: correct them and import it again',
  },
  confirm: {
    deleteTitle: 'Delete the department "{{name}}"?',
    deleteBody: 'Its permissions and department roles are deleted with it.',
    deleteRoleTitle: 'Delete the department role "{{name}}"?',
    deleteRoleBody: 'Its users lose what it grants.',
    removeTitle: 'Remove "{{name}}" from the department?',
    removeBody: 'Their department roles here are removed too.',
  },
  done: { saved: 'Saved', added: 'Department added', deleted: 'Deleted', removed: 'Removed from the department' },
  notFound: 'This department no longer exists',
  permission: {
    hint: "A department's permissions are the ceiling of what may be granted inside it: they grant nobody anything themselves, and its department roles can only hold its menus and buttons.",
  },
  roles: { users: 'Users', rolePermission: 'Department role permissions: {{name}}', userRoles: "{{name}}'s department roles", noRoles: 'This department has no roles yet' },
  rule: { required: '{{field}} is required', code: 'Starts with a letter; letters, digits, _ and - only' },
};
