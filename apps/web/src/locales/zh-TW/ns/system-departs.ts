/** Texts of the system administration's system-departs screens (issue 12). */
export const resources = {};
