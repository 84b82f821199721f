/** Texts of the system administration's system-users screens (issue 12). */
export const resources = {};
