/** Texts of the system administration's system-data-rules screens (issue 12). */
export const resources = {};
