/** The tracking area's texts in zh-TW (the default and the reference for the other languages). */
export const resources = {};
