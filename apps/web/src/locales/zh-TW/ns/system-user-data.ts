/** Texts of the system administration's system-user-data screens (issue 12). */
export const resources = {};
