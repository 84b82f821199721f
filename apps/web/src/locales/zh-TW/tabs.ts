/** Texts of the multi-page tabs; zh-TW is the source and the fallback. */
export const tabs = {
  placeholder: '',
};
