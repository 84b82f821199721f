/** Texts of the system administration's system-menus screens (issue 12). */
export const resources = {};
