/** Finance screens: rate applications, finance details, monthly statements and the platform's review screens in zh-TW (the default and the reference for the other languages). */
export const resources = {
  common: {
    actions: '操作',
  },
};
