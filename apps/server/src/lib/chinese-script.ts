import * as OpenCC from 'opencc-js';

/** Taiwan's Traditional Chinese to mainland Simplified, words as well as characters (OpenCC's tw -> cn). */
export const toSimplified = OpenCC.Converter({ from: 'tw', to: 'cn' });

/** Mainland Simplified Chinese to Taiwan's Traditional (OpenCC's cn -> tw). */
export const toTraditional = OpenCC.Converter({ from: 'cn', to: 'tw' });
