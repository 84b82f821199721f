/** Texts of the system administration's system-org screens (issue 12). */
export const resources = {};
