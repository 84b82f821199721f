/** Texts of the system administration's system-roles screens (issue 12). */
export const resources = {};
