/** Texts of the components area; zh-TW is the source and the fallback. */
export const components = {
  placeholder: '',
};
